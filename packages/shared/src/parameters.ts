/** The system parameters (spec section 3) plus the controller address and TLS check. */
export type SystemParameters = {
  usernameUbnt: string;
  pwUbnt: string;
  tokenUcrm: string;
  tokenDev: string;
  /** controller address; empty = none configured (the demo controller is used) */
  urlUbnt: string;
  verifyTls: boolean;
};

/** The parameters stored encrypted and answered masked. */
export const SECRET_PARAMETERS = ['pwUbnt', 'tokenUcrm', 'tokenDev'] as const;

/** What GET /it4u/systemConfig answers in place of a stored secret; sent back unchanged, it keeps the secret. */
export const SECRET_MASK = '********';
