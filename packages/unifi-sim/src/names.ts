// Over 300 lines: the words of the generated sites' Vietnamese names (brands, streets, districts, cities) are data; one list per kind of venue reads best whole.
/**
 * Names of generated venues, as an operator in Vietnam writes them in the controller's site description: a kind of
 * venue, a brand or a person's name, then a branch, a street address, a district or a city, with Vietnamese marks
 * ("Khách sạn Mường Thanh – Chi nhánh Đà Nẵng", "Cà phê Trung Nguyên 45 Lê Lợi, Quận 1", "Trường THPT Nguyễn Du").
 */
import type { Rng } from './rng.ts';

export type VenueKind =
  | 'cafe'
  | 'restaurant'
  | 'shop'
  | 'hotel'
  | 'school'
  | 'office'
  | 'clinic'
  | 'homestay'
  | 'leisure'
  | 'language'
  | 'bank'
  | 'warehouse'
  | 'university'
  | 'mall'
  | 'hospital'
  | 'convention'
  | 'airport'
  | 'resort';

export type Venue = {
  kind: VenueKind;
  desc: string;
  /** the brand or name its wifi networks carry (ssidOf) */
  brand: string;
};

type City = { city: string; districts: string[] };

const CITIES: City[] = [
  {
    city: 'TP. Hồ Chí Minh',
    districts: [
      'Quận 1',
      'Quận 3',
      'Quận 4',
      'Quận 5',
      'Quận 7',
      'Quận 10',
      'Quận Bình Thạnh',
      'Quận Phú Nhuận',
      'Quận Tân Bình',
      'Quận Gò Vấp',
      'TP. Thủ Đức',
    ],
  },
  {
    city: 'Hà Nội',
    districts: [
      'Quận Hoàn Kiếm',
      'Quận Ba Đình',
      'Quận Đống Đa',
      'Quận Cầu Giấy',
      'Quận Hai Bà Trưng',
      'Quận Tây Hồ',
      'Quận Thanh Xuân',
      'Quận Long Biên',
      'Quận Hà Đông',
      'Quận Nam Từ Liêm',
    ],
  },
  { city: 'Đà Nẵng', districts: ['Quận Hải Châu', 'Quận Sơn Trà', 'Quận Ngũ Hành Sơn', 'Quận Thanh Khê'] },
  { city: 'Hải Phòng', districts: ['Quận Lê Chân', 'Quận Ngô Quyền', 'Quận Hồng Bàng'] },
  { city: 'Cần Thơ', districts: ['Quận Ninh Kiều', 'Quận Cái Răng', 'Quận Bình Thủy'] },
  { city: 'Nha Trang', districts: ['Phường Lộc Thọ', 'Phường Vĩnh Hải', 'Phường Phước Long'] },
  { city: 'Huế', districts: ['Phường Vĩnh Ninh', 'Phường Phú Hội', 'Phường Thuận Hòa'] },
  { city: 'Đà Lạt', districts: ['Phường 1', 'Phường 3', 'Phường 8'] },
  { city: 'Vũng Tàu', districts: ['Phường Thắng Tam', 'Phường 2', 'Phường Rạch Dừa'] },
  { city: 'Quy Nhơn', districts: ['Phường Lê Lợi', 'Phường Trần Phú', 'Phường Ghềnh Ráng'] },
  { city: 'Hội An', districts: ['Phường Minh An', 'Phường Cẩm Phô', 'Phường Sơn Phong'] },
  { city: 'Phú Quốc', districts: ['Phường Dương Đông', 'Phường An Thới'] },
  { city: 'Hạ Long', districts: ['Phường Bãi Cháy', 'Phường Hồng Gai'] },
  { city: 'Vinh', districts: ['Phường Hưng Bình', 'Phường Lê Mao'] },
  { city: 'Buôn Ma Thuột', districts: ['Phường Tân Lợi', 'Phường Thắng Lợi'] },
  { city: 'Biên Hòa', districts: ['Phường Tân Phong', 'Phường Quang Vinh'] },
  { city: 'Thủ Dầu Một', districts: ['Phường Phú Cường', 'Phường Hiệp Thành'] },
  { city: 'Long Xuyên', districts: ['Phường Mỹ Bình', 'Phường Mỹ Long'] },
  { city: 'Phan Thiết', districts: ['Phường Hàm Tiến', 'Phường Phú Thủy'] },
  { city: 'Sa Pa', districts: ['Phường Sa Pa', 'Phường Cầu Mây'] },
  { city: 'Ninh Bình', districts: ['Phường Đông Thành', 'Phường Vân Giang'] },
  { city: 'Thanh Hóa', districts: ['Phường Điện Biên', 'Phường Ba Đình'] },
  { city: 'Nam Định', districts: ['Phường Vị Xuyên', 'Phường Trần Hưng Đạo'] },
  { city: 'Bắc Ninh', districts: ['Phường Suối Hoa', 'Phường Kinh Bắc'] },
  { city: 'Thái Nguyên', districts: ['Phường Hoàng Văn Thụ', 'Phường Phan Đình Phùng'] },
  { city: 'Pleiku', districts: ['Phường Hội Thương', 'Phường Diên Hồng'] },
  { city: 'Rạch Giá', districts: ['Phường Vĩnh Thanh', 'Phường Vĩnh Lạc'] },
  { city: 'Mỹ Tho', districts: ['Phường 1', 'Phường 4'] },
  { city: 'Cà Mau', districts: ['Phường 5', 'Phường 7'] },
  { city: 'Đồng Hới', districts: ['Phường Hải Đình', 'Phường Đồng Phú'] },
];

/** Cities where people go on holiday (homestays, resorts). */
const RESORT_CITIES = [
  'Đà Lạt',
  'Sa Pa',
  'Hội An',
  'Phú Quốc',
  'Nha Trang',
  'Vũng Tàu',
  'Quy Nhơn',
  'Hạ Long',
  'Ninh Bình',
  'Phan Thiết',
];

const STREETS = [
  'Lê Lợi',
  'Nguyễn Huệ',
  'Trần Hưng Đạo',
  'Hai Bà Trưng',
  'Lý Thường Kiệt',
  'Nguyễn Trãi',
  'Lê Duẩn',
  'Điện Biên Phủ',
  'Võ Văn Tần',
  'Pasteur',
  'Trần Phú',
  'Bạch Đằng',
  'Hùng Vương',
  'Quang Trung',
  'Nguyễn Văn Cừ',
  'Phạm Ngũ Lão',
  'Bà Triệu',
  'Hàng Bài',
  'Kim Mã',
  'Xuân Thủy',
  'Nguyễn Thị Minh Khai',
  'Cách Mạng Tháng Tám',
  'Võ Nguyên Giáp',
  'Hoàng Diệu',
  'Lạc Long Quân',
  'Nguyễn Chí Thanh',
  'Tôn Đức Thắng',
  'Phan Chu Trinh',
  'Lê Thánh Tôn',
  'Đồng Khởi',
  'Nguyễn Đình Chiểu',
  'Hoàng Văn Thụ',
  'Phan Đình Phùng',
  'Lê Văn Sỹ',
  'Trường Chinh',
  'Ngô Gia Tự',
];

/** People whose names schools and streets carry. */
const PEOPLE = [
  'Nguyễn Du',
  'Lê Quý Đôn',
  'Trần Phú',
  'Chu Văn An',
  'Nguyễn Trãi',
  'Lê Hồng Phong',
  'Trần Hưng Đạo',
  'Nguyễn Thị Minh Khai',
  'Võ Thị Sáu',
  'Phan Bội Châu',
  'Quang Trung',
  'Lý Thường Kiệt',
  'Ngô Quyền',
  'Nguyễn Bỉnh Khiêm',
  'Hoàng Hoa Thám',
  'Lương Thế Vinh',
  'Trần Quốc Toản',
  'Nguyễn Khuyến',
  'Lê Lợi',
  'Phan Chu Trinh',
  'Bùi Thị Xuân',
  'Nguyễn Hiền',
  'Kim Đồng',
  'Trưng Vương',
];

const HOTELS = [
  'Mường Thanh',
  'Sài Gòn',
  'Hương Giang',
  'Sao Biển',
  'Ngọc Lan',
  'Hoa Mai',
  'Thắng Lợi',
  'Kim Liên',
  'Bông Sen',
  'Hoàng Gia',
  'Phương Đông',
  'Sông Hàn',
  'Biển Xanh',
  'Hải Âu',
  'Thiên Hà',
  'Vạn Xuân',
  'Hòa Bình',
  'Lam Kinh',
  'Thanh Bình',
  'Đồng Khánh',
];

const CAFES = [
  'Cà phê Trung Nguyên',
  'Highlands Coffee',
  'Phúc Long',
  'Cộng Cà Phê',
  'The Coffee House',
  'Katinat',
  'Cà phê Mộc',
  'Cà phê Góc Phố',
  'Cà phê Sân Nhà',
  'Cà phê Giảng',
  'Cà phê Phố Cổ',
  'Trà sữa Gong Cha',
  'Tiệm trà Hạt Sen',
];

const RESTAURANTS = [
  'Phố Biển',
  'Ngon',
  'Hải Sản Biển Đông',
  'Sen Tây Hồ',
  'Cơm Niêu Sài Gòn',
  'Quán Bụi',
  'Ẩm Thực Ba Miền',
  'Gánh Hàng Rong',
  'Hoa Sữa',
  'Món Huế',
  'Lẩu Dê Ba Sơn',
  'Phở Thìn',
  'Bún Chả Hương Liên',
  'Bếp Nhà Xứ Quảng',
];

const SHOPS = [
  'Siêu thị Co.opmart',
  'WinMart',
  'Bách Hóa Xanh',
  'Điện Máy Xanh',
  'Thế Giới Di Động',
  'FPT Shop',
  'Nhà sách Fahasa',
  'Nhà sách Phương Nam',
  'Nhà thuốc Long Châu',
  'Pharmacity',
];

const COMPANY_TYPES = ['Công ty TNHH', 'Công ty CP'];
const SECTORS = [
  'Thương mại',
  'Xây dựng',
  'Phần mềm',
  'Vận tải',
  'Đầu tư',
  'Dược phẩm',
  'Du lịch',
  'Thực phẩm',
  'May mặc',
];
const COMPANIES = [
  'Minh Phát',
  'Hưng Thịnh',
  'An Khang',
  'Phú Gia',
  'Thành Công',
  'Việt Tiến',
  'Đại Phát',
  'Tân Phong',
  'Kim Long',
  'Sao Việt',
  'Bảo Tín',
  'Nam Á',
  'Trường Sơn',
  'Hải Đăng',
];

const CLINICS = [
  'Hòa Hảo',
  'Tâm Anh',
  'Hồng Ngọc',
  'Thu Cúc',
  'An Sinh',
  'Việt Pháp',
  'Hoàn Mỹ',
  'Vạn Hạnh',
  'Phúc An',
];
const HOLIDAY = [
  'Mây Lang Thang',
  'Đồi Thông',
  'Nhà Gỗ',
  'Biển Nhớ',
  'Sương Mai',
  'Phố Núi',
  'Vườn Xoài',
  'Hải Đăng',
  'Cát Vàng',
];
const LEISURE: [string, string[]][] = [
  ['Phòng tập', ['California Fitness', 'Elite Fitness', 'CitiGym', 'Thể hình Sức Sống']],
  ['Karaoke', ['Nice', 'Arirang', 'Hát Cho Nhau Nghe', 'Kingdom']],
  ['Spa', ['Hoa Sen', 'Thảo Mộc', 'Ngọc Dung', 'Mộc Miên']],
];
const LANGUAGE = ['ILA', 'VUS', 'Apollo English', 'Ocean Edu', 'Việt Mỹ'];
const BANKS = ['Vietcombank', 'Techcombank', 'BIDV', 'Agribank', 'ACB', 'Sacombank', 'VPBank', 'MB'];
const PARKS: [string, string][] = [
  ['Sóng Thần', 'Bình Dương'],
  ['VSIP', 'Bình Dương'],
  ['Tân Tạo', 'TP. Hồ Chí Minh'],
  ['Amata', 'Đồng Nai'],
  ['Quang Minh', 'Hà Nội'],
  ['Đình Vũ', 'Hải Phòng'],
  ['Yên Phong', 'Bắc Ninh'],
  ['Hòa Khánh', 'Đà Nẵng'],
];
const UNIVERSITIES = [
  'Bách khoa Hà Nội',
  'Kinh tế Quốc dân',
  'Khoa học Tự nhiên',
  'Ngoại thương',
  'Cần Thơ',
  'Bách khoa Đà Nẵng',
  'Sư phạm Huế',
  'Kinh tế TP. Hồ Chí Minh',
];
const MALLS = ['Vincom Center', 'Vincom Mega Mall', 'AEON Mall', 'Lotte Mart', 'Crescent Mall', 'Sense City', 'GO!'];
const HALLS = ['Quốc gia', 'White Palace', 'GEM Center', 'Ariyana', 'Thành phố'];
const AIRPORTS = ['Nội Bài', 'Tân Sơn Nhất', 'Đà Nẵng', 'Cam Ranh', 'Phú Quốc', 'Cát Bi', 'Liên Khương'];
const HOSPITALS = ['Bạch Mai', 'Chợ Rẫy', 'Trung ương Huế', 'Đa khoa Tâm Anh', 'Đa khoa Hồng Ngọc', 'Đa khoa Hoàn Mỹ'];

const address = (rng: Rng, place: City) => {
  const street = `${rng.int(1, 320)} ${rng.pick(STREETS)}`;
  return place.districts.length && rng.chance(0.7)
    ? `${street}, ${rng.pick(place.districts)}`
    : `${street}, ${place.city}`;
};

/** A big city more often than a small one: most venues are in Hồ Chí Minh City and Hà Nội. */
function anyCity(rng: Rng): City {
  const r = rng.next();
  if (r < 0.35) return CITIES[0];
  if (r < 0.6) return CITIES[1];
  return rng.pick(CITIES.slice(2));
}

const cityNamed = (name: string) => CITIES.find((c) => c.city === name) ?? CITIES[0];

/** A venue of the given kind: its description and the name its wifi networks carry. */
export function venue(rng: Rng, kind: VenueKind): Venue {
  const place = anyCity(rng);
  const at = (brand: string, desc: string): Venue => ({ kind, desc, brand });
  switch (kind) {
    case 'cafe': {
      const brand = rng.pick(CAFES);
      return at(brand, `${brand} ${address(rng, place)}`);
    }
    case 'restaurant': {
      const name = rng.pick(RESTAURANTS);
      const head = /^(Phở|Bún)/.test(name) ? `Quán ${name}` : `Nhà hàng ${name}`;
      return at(name, rng.chance(0.5) ? `${head} – ${place.city}` : `${head} ${address(rng, place)}`);
    }
    case 'shop': {
      const brand = rng.pick(SHOPS);
      return at(brand, `${brand} ${address(rng, place)}`);
    }
    case 'hotel': {
      const brand = rng.pick(HOTELS);
      const r = rng.next();
      if (r < 0.4) return at(brand, `Khách sạn ${brand} – Chi nhánh ${place.city}`);
      if (r < 0.7) return at(brand, `Khách sạn ${brand} ${place.city}`);
      return at(brand, `Khách sạn ${brand} ${address(rng, place)}`);
    }
    case 'school': {
      const person = rng.pick(PEOPLE);
      const level = rng.pick(['THPT', 'THCS', 'Tiểu học', 'Tiểu học', 'Mầm non']);
      const head =
        level === 'Mầm non'
          ? `Trường Mầm non ${rng.pick(['Hoa Sen', 'Sơn Ca', 'Họa Mi', 'Hướng Dương', 'Bình Minh'])}`
          : `Trường ${level} ${person}`;
      return at(person, rng.chance(0.5) ? head : `${head} – ${place.city}`);
    }
    case 'office': {
      const name = rng.pick(COMPANIES);
      const company = `${rng.pick(COMPANY_TYPES)} ${rng.pick(SECTORS)} ${name}`;
      return at(
        name,
        rng.chance(0.5) ? `Văn phòng ${company} – ${place.city}` : `${company} – Chi nhánh ${place.city}`,
      );
    }
    case 'clinic': {
      const name = rng.pick(CLINICS);
      const r = rng.next();
      if (r < 0.5)
        return at(
          name,
          `Phòng khám Đa khoa ${name} – ${rng.pick(place.districts.length ? place.districts : [place.city])}`,
        );
      if (r < 0.8) return at(name, `Nha khoa ${name} ${address(rng, place)}`);
      return at(name, `Bệnh viện ${name} ${place.city}`);
    }
    case 'homestay': {
      const name = rng.pick(HOLIDAY);
      return at(name, `Homestay ${name} ${rng.pick(RESORT_CITIES)}`);
    }
    case 'leisure': {
      const [head, brands] = rng.pick(LEISURE);
      const brand = rng.pick(brands);
      return at(brand, `${head} ${brand} ${address(rng, place)}`);
    }
    case 'language': {
      const brand = rng.pick(LANGUAGE);
      return at(
        brand,
        `Trung tâm Anh ngữ ${brand} – ${rng.pick(place.districts.length ? place.districts : [place.city])}`,
      );
    }
    case 'bank': {
      const bank = rng.pick(BANKS);
      return at(
        bank,
        `Ngân hàng ${bank} – Chi nhánh ${rng.pick(place.districts.length ? place.districts : [place.city])}`,
      );
    }
    case 'warehouse': {
      const name = rng.pick(COMPANIES);
      const [park, province] = rng.pick(PARKS);
      const head = rng.chance(0.5) ? 'Kho hàng' : 'Nhà xưởng';
      return at(name, `${head} ${name} – KCN ${park}, ${province}`);
    }
    case 'university': {
      const name = rng.pick(UNIVERSITIES);
      return at(name, `Trường Đại học ${name} – Cơ sở ${rng.int(1, 3)}`);
    }
    case 'mall': {
      const brand = rng.pick(MALLS);
      return at(
        brand,
        `Trung tâm thương mại ${brand} – ${rng.pick(place.districts.length ? place.districts : [place.city])}`,
      );
    }
    case 'hospital': {
      const name = rng.pick(HOSPITALS);
      return at(name, `Bệnh viện ${name} – Cơ sở ${rng.int(1, 3)}`);
    }
    case 'convention': {
      const name = rng.pick(HALLS);
      return at(name, `Trung tâm Hội nghị ${name} – ${place.city}`);
    }
    case 'airport': {
      const name = rng.pick(AIRPORTS);
      return at(name, `Cảng hàng không ${name} – Nhà ga ${rng.pick(['T1', 'T2', 'Quốc nội', 'Quốc tế'])}`);
    }
    case 'resort': {
      const name = rng.pick([...HOLIDAY, ...HOTELS]);
      return at(name, `Resort ${name} – ${rng.pick(RESORT_CITIES)}`);
    }
  }
}

/** The big hotel of a generated world: a brand's branch, luxury. */
export function bigHotel(rng: Rng): Venue {
  const brand = rng.pick(HOTELS);
  const city = cityNamed(rng.pick(['Đà Nẵng', 'Nha Trang', 'Hạ Long', 'Hà Nội'])).city;
  return { kind: 'hotel', desc: `Khách sạn ${brand} Luxury – Chi nhánh ${city}`, brand };
}

/** A name without Vietnamese marks or spaces, for a wifi network: "Mường Thanh" → "MuongThanh". */
export function ssidOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 20);
}

/** The always-on devices of a venue of this kind with `aps` access points (at least one). */
export function fixturesOf(kind: VenueKind, aps: number): string[] {
  const n = Math.max(1, Math.round(aps * 0.3));
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const floor = 1 + Math.floor(i / 8);
    const room = `P${floor}${String(1 + (i % 8)).padStart(2, '0')}`;
    switch (kind) {
      case 'hotel':
      case 'resort':
      case 'homestay':
        out.push(i % 4 === 3 ? `Camera-Tang${floor}` : `SmartTV-${room}`);
        break;
      case 'cafe':
      case 'restaurant':
      case 'shop':
      case 'mall':
        out.push(i % 2 === 0 ? `POS-Quay-${1 + i / 2}` : `Camera-Quay-${(i + 1) / 2}`);
        break;
      case 'office':
      case 'bank':
      case 'clinic':
      case 'hospital':
      case 'language':
        out.push(i % 3 === 0 ? `Printer-Tang${floor}` : `Camera-Tang${floor}-${1 + (i % 8)}`);
        break;
      default:
        out.push(`Camera-${String(i + 1).padStart(2, '0')}`);
    }
  }
  return out;
}
