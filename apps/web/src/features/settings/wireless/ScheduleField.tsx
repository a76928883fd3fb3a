import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ScheduleWindow, WEEKDAYS, type Weekday } from '@it4u/shared';
import { Button, Flex, Slider, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The default window: 08:00 to 18:00 (quarter hours 32 to 72). */
export const DEFAULT_WINDOW = { from: 480, to: 1080 } as const;
const QUARTER = 15;
/**
 * A slider of quarter hours 1 to 96, quarter q being q × 15 minutes, with quarter 0 as well: a window may
 * start at midnight (the server takes the same; docs/features.md).
 */
export const FIRST_QUARTER = 0;
export const LAST_QUARTER = 96;

/** Minutes from midnight as HH:mm (24:00 for the end of the day). */
export const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

type Props = { value?: ScheduleWindow[]; onChange?: (next: ScheduleWindow[]) => void };

/**
 * A network's schedule: per weekday a switch and one or more windows, each a slider of quarter hours (by default
 * 08:00 to 18:00 when a day is switched on). A day switched off has no window: the network is off that day.
 */
export function ScheduleField({ value = [], onChange }: Props) {
  const { t } = useTranslation();
  const change = (day: Weekday, windows: { from: number; to: number }[]) =>
    onChange?.([...value.filter((w) => w.day !== day), ...windows.map((w) => ({ day, ...w }))]);

  return (
    <Flex vertical gap={4}>
      {WEEKDAYS.map((day) => {
        const windows = value.filter((w) => w.day === day);
        const name = t(`settings.wireless.days.${day}`);
        return (
          <div key={day} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 4 }}>
            <Flex align="center" gap={8} wrap>
              <Switch
                size="small"
                checked={windows.length > 0}
                aria-label={name}
                onChange={(on) => change(day, on ? [DEFAULT_WINDOW] : [])}
              />
              <Typography.Text style={{ minWidth: 80 }}>{name}</Typography.Text>
              {windows.length > 0 && (
                <Button
                  size="small"
                  type="link"
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => change(day, [...windows, nextWindow(windows)])}
                >
                  {t('settings.wireless.schedule.addWindow')}
                </Button>
              )}
            </Flex>
            {windows.map((w, i) => (
              // by its place, not its times: a key that changed with the times would remount the slider at each
              // step of a drag, which then stops
              // biome-ignore lint/suspicious/noArrayIndexKey: a window is its place in the day's list while it is edited
              <Flex key={i} align="center" gap={8}>
                <Slider
                  range
                  min={FIRST_QUARTER}
                  max={LAST_QUARTER}
                  step={1}
                  style={{ flex: 1, minWidth: 120 }}
                  value={[w.from / QUARTER, w.to / QUARTER]}
                  tooltip={{ formatter: (q) => clock((q ?? 0) * QUARTER) }}
                  ariaLabelForHandle={[
                    t('settings.wireless.schedule.from', { day: name }),
                    t('settings.wireless.schedule.to', { day: name }),
                  ]}
                  ariaValueTextFormatterForHandle={[(q) => clock((q ?? 0) * QUARTER), (q) => clock((q ?? 0) * QUARTER)]}
                  onChange={([from, to]) =>
                    change(
                      day,
                      windows.map((x, j) => (j === i ? { from: from * QUARTER, to: to * QUARTER } : x)),
                    )
                  }
                />
                <Typography.Text style={{ width: 96, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {clock(w.from)}–{clock(w.to)}
                </Typography.Text>
                {windows.length > 1 && (
                  <Button
                    size="small"
                    type="text"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('settings.wireless.schedule.removeWindow', { day: name })}
                    onClick={() =>
                      change(
                        day,
                        windows.filter((_, j) => j !== i),
                      )
                    }
                  />
                )}
              </Flex>
            ))}
          </div>
        );
      })}
    </Flex>
  );
}

/** A second window after the last one (two hours, or what is left of the day). */
function nextWindow(windows: { from: number; to: number }[]) {
  const end = Math.max(...windows.map((w) => w.to));
  const from = Math.max(FIRST_QUARTER * QUARTER, Math.min(end + 60, LAST_QUARTER * QUARTER - QUARTER * 4));
  return { from, to: Math.min(from + 120, LAST_QUARTER * QUARTER) };
}
