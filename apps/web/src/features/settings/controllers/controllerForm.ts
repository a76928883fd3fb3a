import type {
  CONTROLLER_TIMEOUT_MAX,
  CONTROLLER_TIMEOUT_MIN,
  ControllerFlavor,
  ControllerInput,
  ControllerSignIn,
  ControllerView,
} from '@it4u/shared';
import { SECRET_MASK } from '@it4u/shared';

// The shared package keeps these lists and bounds beside the schemas, which the web does not bundle: the same
// values again, held to the shared types (a flavor or a way of signing in added there fails to compile here).
const FLAVOR_NAMES: Record<ControllerFlavor, true> = { auto: true, classic: true, unifios: true };
const SIGN_IN_NAMES: Record<ControllerSignIn, true> = { account: true, apiKey: true };
export const FLAVORS = Object.keys(FLAVOR_NAMES) as ControllerFlavor[];
export const SIGN_INS = Object.keys(SIGN_IN_NAMES) as ControllerSignIn[];
export const TIMEOUT_MIN: typeof CONTROLLER_TIMEOUT_MIN = 2;
export const TIMEOUT_MAX: typeof CONTROLLER_TIMEOUT_MAX = 60;

/** The deadline of one call when the administrator says none (seconds). */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** The body's bounds (ControllerBody), checked before sending so most mistakes are said at once under the field. */
export const MAX_LENGTH = { name: 100, url: 300, username: 200, password: 500, apiKey: 500 } as const;
export const URL_PATTERN = /^https?:\/\/\S+$/;
/** A certificate's SHA-256 fingerprint, 32 pairs of hex digits with colons (TLS_FINGERPRINT_PATTERN), or nothing. */
export const FINGERPRINT_PATTERN = /^(|[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31})$/;

export type ControllerValues = {
  name: string;
  url: string;
  flavor: ControllerFlavor;
  signIn: ControllerSignIn;
  username: string;
  password: string;
  apiKey: string;
  verifyTls: boolean;
  /** the one certificate trusted, by its SHA-256 fingerprint; '' for none */
  tlsFingerprint: string;
  timeoutSeconds: number | null;
};

/**
 * The form's values: a new controller's defaults, or a stored one's (its secrets masked, or empty when none); `trust`
 * puts a certificate's fingerprint in for the administrator to save (a refused certificate's "Trust").
 */
export function initialValues(controller: ControllerView | null, trust?: string): ControllerValues {
  return {
    name: controller?.name ?? '',
    url: controller?.url ?? '',
    flavor: controller?.flavor ?? 'auto',
    signIn: controller?.signIn ?? 'account',
    username: controller?.username ?? '',
    password: controller?.password ?? '',
    apiKey: controller?.apiKey ?? '',
    verifyTls: controller?.verifyTls ?? true,
    tlsFingerprint: trust ?? controller?.tlsFingerprint ?? '',
    timeoutSeconds: controller?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
  };
}

/**
 * The POST/PUT body: text trimmed, secrets as typed (the mask keeps the stored one). Only the way of signing in
 * chosen goes: an account sends no API key, an API key no user or password, so no secret is kept by mistake.
 */
export function toControllerBody(values: ControllerValues): ControllerInput {
  const common = {
    name: values.name.trim(),
    url: values.url.trim(),
    flavor: values.flavor,
    verifyTls: values.verifyTls,
    tlsFingerprint: (values.tlsFingerprint ?? '').trim().toUpperCase(),
    timeoutSeconds: values.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
  };
  return values.signIn === 'apiKey'
    ? { ...common, signIn: 'apiKey', apiKey: values.apiKey ?? '' }
    : { ...common, signIn: 'account', username: (values.username ?? '').trim(), password: values.password ?? '' };
}

type SecretContext = Pick<ControllerValues, 'url' | 'username' | 'verifyTls' | 'tlsFingerprint'>;

/**
 * Whether the form now points a stored secret elsewhere than where it was typed for (the server's rule): another
 * address, another TLS check (a pinned certificate dropped with no check left among them), or for the password
 * another account.
 */
export function secretContextChanged(
  stored: ControllerView | null,
  values: SecretContext,
  secret: 'password' | 'apiKey',
): boolean {
  if (stored === null) return false;
  const accountChanged = secret === 'password' && (values.username ?? '').trim() !== stored.username;
  // the server stores the address without its trailing slashes: one added is no new address
  const url = (values.url ?? '').trim().replace(/\/+$/, '');
  const unpinned = stored.tlsFingerprint !== '' && (values.tlsFingerprint ?? '').trim() === '' && !values.verifyTls;
  return url !== stored.url || values.verifyTls !== stored.verifyTls || accountChanged || unpinned;
}

/**
 * Whether a stored secret sent back masked would be refused: it never goes to another address, another account or
 * over a changed TLS check, so it must be typed again.
 */
export function secretMustBeRetyped(
  stored: ControllerView | null,
  values: SecretContext,
  secret: 'password' | 'apiKey',
  typed: string | undefined,
): boolean {
  return typed === SECRET_MASK && secretContextChanged(stored, values, secret);
}
