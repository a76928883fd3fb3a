/**
 * Every error the API answers (and the outcome of a controller check) carries one of these codes with its parameters, beside an English text made from
 * the template here. The web app says it in the reader's language from the code (`apiErrors.<code>` in its
 * translations; a test fails on a code without both).
 */
export const API_ERRORS = {
  // requests
  badRequest: 'The request is not valid.',
  fieldRequired: 'The {{field}} is required.',
  invalidFields: 'Some fields are not valid: {{fields}}.',
  badJson: 'The request body is not valid JSON.',
  invalidText: 'The request holds characters that text may not contain (in {{where}}).',
  unsupportedMediaType: 'This kind of content is not accepted here.',
  payloadTooLarge: 'The request is too large.',
  routeNotFound: 'No route for {{method}} {{path}}.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many requests. Please try again in a moment.',
  internal: 'Sorry, something went wrong on the server.',
  databaseUnavailable: 'The database cannot be reached at the moment. Please try again shortly.',
  // sessions and sign-in
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  accountInactive: 'Your account is not active. Please contact an administrator.',
  changePasswordFirst: 'You must change your password first.',
  notAllowed: 'You are not allowed to do this.',
  wrongCredentials: 'Your Username or Password is incorrect. Please try again!',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
  // users
  passwordsDiffer: 'Two passwords that you enter is inconsistent!',
  commonPassword: 'This password is too common: choose one that is harder to guess.',
  usernameTaken: 'Username is already taken!',
  usernameLooksLikeEmail: 'A username cannot contain @: it would look like an e-mail address.',
  emailTaken: 'Email Address already in use!',
  rolesRequired: 'Please select at least one role.',
  adminAccountsOnlyByAdmin: 'Only an administrator may manage administrator accounts.',
  cannotBlockSelf: 'You cannot block your own account.',
  cannotDropOwnUserAdmin: 'You cannot remove your own right to manage users.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  samePassword: 'The new password must differ from the current one.',
  currentPasswordRequired: 'Enter your current password to change your e-mail address or username.',
  tooManyPasswordTries: 'Too many wrong current passwords. Please try again in {{minutes}} minutes.',
  userNotFound: 'User not found.',
  // sites
  unknownSites: 'Unknown site: {{sites}}.',
  siteTaken: 'A site with this id already exists.',
  siteNotFound: 'Site not found.',
  notYourSite: 'This site is not one of yours.',
  // dashboards
  rangeReversed: 'The end of the range is before its start.',
  rangeTooLong: 'A range is at most {{days}} days.',
  targetTooFine: 'An availability is given to the thousandth of a percent at most (99.995).',
  // wireless networks
  wlanGroupTaken: 'A wifi group with this name already exists on this site.',
  wlanGroupNotFound: 'This wifi group does not exist on this site.',
  wlanNotFound: 'Wireless network not found.',
  ssidTooLong:
    'The network name is {{bytes}} bytes long: at most 32 (a Vietnamese letter with its marks takes 2 or 3).',
  passphraseLength: 'The WPA passphrase must be 8 to 63 characters.',
  passphraseAscii: 'The WPA passphrase may hold only Latin letters, digits, spaces and punctuation (no accents).',
  vlanRequired: 'Enter the VLAN (1 to 4094), or switch the VLAN off.',
  scheduleReversed: 'A schedule window ends before it starts ({{dayName}}).',
  scheduleOverlap: 'Two schedule windows of the same day overlap ({{dayName}}).',
  scheduleEmpty: 'The schedule has no window: switch a day on, or switch the schedule off.',
  hotspotPasswordRequired: 'Enter the password guests will type, or choose another authentication.',
  // splash images
  notAPng: 'The file is not a PNG image.',
  imageTooLarge: 'The image is larger than {{max}} MB.',
  imageDimensions: 'The image is {{width}} × {{height}} pixels: at most {{max}} pixels on its longer side.',
  imageRatio: 'The image is {{width}} × {{height}}: it must be {{expected}} (within 2 %).',
  splashNotFound: 'No such image.',
  // contracts
  contractTaken: 'A contract with this number already exists.',
  contractNotFound: 'Contract not found.',
  chatSameUser: 'A conversation needs two different people.',
  chatNotYours: 'This conversation is not yours.',
  chatNotAllowed: 'Customers can talk with staff only.',
  chatUserNotFound: 'This person does not exist.',
  chatChannelNotFound: 'This conversation does not exist.',
  chatBeforeOrAfter: 'Ask for the messages before one, or after one, not both.',
  terminalHostNotRecorded:
    "{{host}} is not an address recorded for this customer: the terminal connects only to the addresses in the device information and the site's WAN links.",
  terminalNoRootPassword: 'No load-balancer password is stored for this row: choose another user or type the password.',
  terminalNoAdminPassword:
    'No default password of the user admin is set (Settings → Parameter): choose another user or type the password.',
  terminalUsernameRequired: 'Type the username.',
  terminalHostKeyChanged:
    'The key of {{host}} has changed since it was pinned ({{pinned}}); it now offers {{fingerprint}}. This can mean someone is in the way: the connection was refused. An administrator can accept the new key under Terminal sessions → Host keys.',
  terminalLoginRefused: '{{host}} refused the login of {{username}}: the username or password is wrong.',
  terminalUnreachable: '{{host}}:{{port}} cannot be reached ({{reason}}).',
  terminalTooManySessions: 'You already have {{max}} terminal sessions open: close one first.',
  terminalIdle: 'The session was closed after {{minutes}} minutes without typing.',
  terminalBadMessage: 'The terminal sent a message the server does not take; the session was closed.',
  terminalSessionNotFound: 'This terminal session does not exist.',
  terminalHostForbidden:
    '{{host}} ({{address}}) is a loopback, link-local, multicast or unspecified address: the terminal does not connect there.',
  terminalSignedOut:
    'Your sign-in ended (signed out, blocked, or no longer allowed the terminal): the session was closed.',
  hostKeyNotOffered: 'This host offers no other key to accept, or it offers another one since: look again.',
  terminalAwaitingApproval:
    '{{host}} is waiting for approval: the console offers a stored password only to a host whose key ({{fingerprint}}) an administrator or lead technician approved for this row. No password was sent. Ask for the approval (Device information → Host approvals), or sign in with a typed password.',
  terminalApprovalKeyChanged:
    'The key of {{host}} is not the one approved for this row ({{pinned}}); it now offers {{fingerprint}}. This can mean someone is in the way: no password was sent, and the host waits for a new approval.',
  terminalHostOwn:
    "{{host}} ({{address}}) is an address of the console's own machine: the terminal does not connect there.",
  terminalApprovalChanged:
    'This host is not waiting for approval with that key (approved, removed, or it offers another key since): look again.',
  terminalApprovalNotFound: 'This host has no approval or request for this row.',
  terminalRecordingNotYours: 'Only administrators, lead technicians and the person who made a session may replay it.',
  deviceInfoNotFound: 'This device information row no longer exists.',
  noPasswordStored: 'No password is stored in this field.',
  noContractForSite: 'No contract is linked to this site.',
  contractInUse: 'This contract is used by stock-out records or channels and cannot be deleted.',
  unknownContract: 'Unknown contract.',
  // supplies
  itemTaken: 'An item with this code already exists.',
  itemNotFound: 'Item not found.',
  itemInUse: 'This item is used by stock records and cannot be deleted.',
  recordNotFound: 'Record not found.',
  unknownItemCode: 'Unknown item code: {{value}}.',
  notAMac: '"{{value}}" is not a MAC address.',
  startAfterEnd: 'The start date is after the end date.',
  movedStatusIsSet:
    'The status "moved" is set by the console when the serial is stocked out again; choose another status.',
  serialIssuedElsewhere:
    'While this phone was offline, serial {{serial}} was stocked out to {{customer}} on {{on}}: check the serial, or send it anyway (of its stock-outs, the latest by date is the one in use).',
  // channels
  providerTaken: 'A provider with this name already exists.',
  packTaken: 'This provider already has a service pack with this name.',
  providerNotFound: 'Provider not found.',
  unknownProvider: 'Unknown provider.',
  servicePackNotFound: 'Service pack not found.',
  unknownServicePack: 'Unknown service pack.',
  channelNotFound: 'Channel not found.',
  unknownChannel: 'Unknown channel.',
  channelInUse: 'This channel has details and cannot be deleted; delete its details first.',
  channelDetailNotFound: 'Channel detail not found.',
  // uploads
  noFile: 'No file was sent.',
  badMultipart: 'The upload is not valid multipart form data.',
  notASpreadsheet: 'The file is not a spreadsheet (.xlsx or .xls).',
  unreadableSpreadsheet: 'The spreadsheet cannot be read.',
  spreadsheetTooComplex: 'The spreadsheet takes too long or too much memory to read.',
  uploadsBusy: 'Other spreadsheets are being read now. Please try again in a moment.',
  spreadsheetTooLarge: 'The spreadsheet holds more than {{max}} MB once unpacked; split it into smaller files.',
  exportsBusy: 'Other spreadsheets are being exported now. Please try again in {{seconds}} seconds.',
  rowsExpected: 'Send the rows as a JSON array of objects, or the spreadsheet as a file.',
  badRows: '{{count}} row(s) of the spreadsheet cannot be imported; nothing was saved.',
  // the UniFi controller
  noController:
    'No UniFi controller is configured. An administrator sets its address and account in Settings → Parameter.',
  controllerUnreachable: 'The UniFi controller cannot be reached ({{reason}}).',
  controllerCertificateUntrusted:
    "The UniFi controller's certificate is not trusted ({{reason}}). Its SHA-256 fingerprint is {{fingerprint}}: if it is the one the controller shows, trust it in Settings → Parameter.",
  controllerCertificateChanged:
    "The UniFi controller's certificate changed: it now presents {{fingerprint}}, not the trusted {{pinned}}. Nothing was sent to it. If the controller was reinstalled, trust its new certificate in Settings → Parameter.",
  controllerLoginRefused: 'The UniFi controller refused the login ({{reason}}).',
  controllerTwoFactor: 'This controller account signs in with two-factor authentication: use an API key instead.',
  controllerFailed: 'The UniFi controller answered an error ({{reason}}).',
  controllerTimeout: 'The UniFi controller did not answer within {{seconds}} s.',
  controllerBusy: 'The UniFi controller is busy. Please try again in {{seconds}} s.',
  controllerNoPermission:
    'The UniFi controller account may not do this ({{reason}}): give it administrator rights on the Network application.',
  controllerLoginThrottled:
    'The UniFi controller refuses logins for now (too many within a minute): the console signs in again in {{seconds}} s.',
  siteNotOnController: 'The UniFi controller has no site "{{site}}".',
  voucherNotFound: 'Voucher not found.',
  voucherOverControllerLimit:
    "This controller's official API takes a value from {{min}} to {{max}} here: enter one within those bounds.",
  // outcomes of a controller check (answered with 200, in words too)
  controllerSignedIn: 'Signed in to the UniFi controller ({{flavor}}).',
  controllerSessionAlive: 'The session with the UniFi controller is alive ({{flavor}}).',
  demoControllerInUse: 'No controller address is set: the console shows the demo controller.',
  // parameters
  passwordForNewController:
    'The controller address or user changed: enter its password again (the stored one is not sent to a new controller).',
  controllerUserRequired: 'A controller address is set: enter the controller username too.',
  sshUserRequired: 'A controller host is set: enter the SSH user too.',
  sshSecretAgain:
    'The controller host or its SSH user changed: enter its password or key again (the stored one is not sent to a new host).',
  controllerPasswordRequired: 'A controller address is set: enter the controller password too.',
  // the controllers
  controllerNotFound: 'Controller not found.',
  controllerTaken: 'Another controller has this address.',
  apiKeyForNewController:
    'The controller address changed: enter its API key again (the stored one is not sent to a new address).',
  controllerApiKeyRequired: 'Signing in with an API key: enter the key.',
  apiKeyNeedsUnifiOs: 'API keys are for UniFi OS consoles: choose the flavor UniFi OS or automatic.',
  connectorNeedsApiKey: 'A console reached through Site Manager signs in with the Site Manager API key.',
  siteManagerKeyRefused: 'Site Manager refused the API key ({{reason}}).',
  siteManagerBusy: 'Site Manager limits how often it is asked: try again in {{seconds}} s.',
  siteManagerUnreachable: 'Site Manager cannot be reached ({{reason}}).',
  controllerDown: 'Controller {{name}} cannot be read now; its sites ({{sites}}) show as unknown. {{reason}}',
  controllerRemoveInList:
    'Several controllers are configured: remove the first one in the Controllers list instead of clearing its address.',
  // backups
  backupRunning: 'A backup is being made now: wait for it to end.',
  recordMoved: 'This stock-out was followed by a later one of the same device: act on the latest.',
  notSeenAtSite: 'No reading of the controllers saw this device at site {{site}}.',
  siteHasNoCustomer: 'Site {{site}} belongs to no customer: there is nobody to issue the device to.',
  sightingScanRunning: "The controllers' devices are being read now, or were read under a minute ago: wait a moment.",
  backupTooSoon: 'A backup was made a moment ago: try again in {{seconds}} s.',
  // leaving the demo
  demoInUse: 'The demo controller is still in use: add your controller first.',
  demoDataInUse:
    'The stock-out register or the channel register still names a demo customer: remove those records first.',
  // the cronjob file
  propertiesNotText: 'The file is not UTF-8 text: a .properties file is text of key=value lines.',
  propertiesSyntax: 'Line {{line}} is not a key=value line, a comment (# or !) or blank: "{{text}}".',
  propertiesTooLarge: 'The file is larger than {{max}} KB.',
  propertiesExtension: 'Only .properties files are taken.',
  cronjobNotFound: 'This site has no such version of its cronjob file.',
  sftpDelivered: 'Written to the controller host at {{path}}.',
  sftpNotConfigured: 'Kept in the console, not delivered: no controller host is set in Settings → Parameter.',
  sftpLoginRefused: 'The controller host refused the login ({{reason}}).',
  sftpUnreachable: 'The controller host cannot be reached ({{reason}}).',
  sftpHostKeyChanged:
    'The controller host presented another key than the one pinned ({{fingerprint}}): nothing was sent. If the host was replaced, save its address again in Settings → Parameter.',
  sftpFailed: 'The file could not be written on the controller host ({{reason}}).',
  sftpPathRefused:
    'Not sent: the site short name "{{site}}" would lead out of its own folder on the controller host. Rename the site in Monitoring site names.',
  // the schedule of the report mail
  cronFieldCount: 'A schedule has five fields (minute hour day month weekday); this one has {{count}}.',
  cronFieldInvalid: 'The {{field}} field of the schedule is not valid: "{{value}}".',
  cronFieldRange: 'In the {{field}} field of the schedule, {{value}} is outside {{min}} to {{max}}.',
  cronNeverRuns: 'This schedule never comes round (for example 31 February).',
  cronInvalid: 'The schedule is not valid ({{reason}}).',
  cronRequired: 'Please input your cronjob!',
  // mail
  mailServerRequired: 'Enter the mail server (host) or choose a service.',
  mailServiceUnknown: 'The mail service "{{service}}" is not a known one: enter the host and port instead.',
  mailPasswordAgain:
    'The mail server or username changed: enter the password again (the stored one is not sent to a new server).',
  mailFromRequired: 'Enter the sender address: the username is not an e-mail address.',
  mailNotConfigured: 'Mail is not configured: an administrator sets the mail server in Settings → Mailer.',
  mailSent: 'The mail server accepted the mail: {{response}}',
  mailAuthRefused: 'The mail server refused the login: {{response}}',
  mailTlsRequired:
    'The mail server offers no encryption, so the password was not sent ({{response}}): use its TLS port (465), or tick "Allow without encryption" in Settings → Mailer on a trusted network only.',
  mailUnreachable: 'The mail server cannot be reached ({{reason}}).',
  mailRecipientsRefused: 'The mail server refused the recipients: {{response}}',
  mailFailed: 'The mail could not be sent ({{reason}}).',
  webhookRefused:
    'This address cannot receive webhooks: {{host}} is this machine, loopback or link-local, or has no address.',
  webhookPrivate:
    "This address cannot receive webhooks: {{host}} is in a private or carrier-grade NAT range ({{address}}). An administrator of the console's machine may allow that range (WEBHOOKS_ALLOW_RANGES).",
  alertResolved: 'This alert has resolved already: its condition cleared.',
  keptByAnother: 'This stock-out was kept on this phone by another user: only they can send it, once signed in again.',
  alertRuleNoPercent: 'This kind of alert has no percentage to set.',
  mailNoRecipients: 'The scheduled report has no recipients: add their addresses in Settings → Mailer.',
  mailMissed: 'Not sent: no instance of the console was running at the scheduled time.',
  mailInterrupted:
    'The instance sending this scheduled report stopped (or took over 5 minutes) before recording what became of the mail: it may not have gone out, and it is not sent again.',
  mailResendReset:
    'A password-reset mail is not sent again: its link is secret and works once. The user asks for a new one.',
  mailLogNotFound: 'This mail is not in the send log.',
  resetTooMany: 'Too many password-reset requests. Please try again in {{minutes}} minutes.',
  resetLinkInvalid: 'This reset link is not valid, was already used or has expired. Ask for a new one.',
  // the customer report
  deviceTokenInvalid:
    "The device token is missing, revoked or unknown: send the site's own token, or the shared one of Settings → Parameter (tokenDev).",
  deviceTokenOtherSite: "This device token is another site's: a site's token writes only its own site.",
  deviceTokenOwnRequired: 'This site has a device token of its own: the shared token (tokenDev) is refused for it.',
  deviceTokenSharedOff:
    "The shared device token (tokenDev) is turned off in Settings → Parameter: send the site's own token.",
  deviceTokenSharedRequired: 'The shared device token (tokenDev) is accepted: enter it, or turn it off.',
  deviceTokenExists: 'This site has a live device token already: rotate it for a new one.',
  deviceTokenNone: 'This site has no live device token.',
  wanStatusRequired: 'WAN {{wan}} has a provider: send its status too (1 up, 0 down).',
  customerSiteNotFound: 'This customer site is not in the report.',
  customerSiteTaken: 'This site is already in the customer report.',
  metricsTokenInvalid: 'The metrics token is missing or wrong.',
  metricsLoopbackOnly:
    'No metrics token is set: /metrics answers only this machine. Generate one in Settings → Parameter (or set METRICS_TOKEN).',
  metricsTokenFromEnv: 'The metrics token is set by METRICS_TOKEN: change it there.',
  // outcomes of the Zabbix check (answered with 200, in words too)
  zabbixNotConfigured: 'No Zabbix server is configured (ZABBIX_URL).',
  zabbixSignedIn: 'Zabbix {{version}} accepts the console.',
  zabbixRefused: 'The Zabbix server does not accept the console ({{reason}}).',
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** What is wrong with one field of a request body, query or path (`details[]` of a 400). */
export const FIELD_PROBLEMS = {
  required: 'is required',
  tooLong: 'must be at most {{limit}} characters',
  tooShort: 'must be at least {{limit}} characters',
  tooLarge: 'must be at most {{limit}}',
  tooSmall: 'must be at least {{limit}}',
  notAnInteger: 'must be a whole number',
  wrongType: 'must be a {{type}}',
  badFormat: 'is not in the expected format',
  notAllowed: 'must be one of {{allowed}}',
  tooManyItems: 'must have at most {{limit}} items',
  tooFewItems: 'must have at least {{limit}} items',
  repeated: 'must not repeat an item',
  invalid: 'is not valid',
} as const;

export type FieldProblemCode = keyof typeof FIELD_PROBLEMS;

export type ErrorParams = Record<string, string | number>;

/** One field of a refused request: its path (`sitename.0`, `roles`), what is wrong, and in English. */
export type FieldError = {
  field: string;
  code: ApiErrorCode | FieldProblemCode;
  params?: ErrorParams;
  message: string;
};

/** A message template with its {{parameters}} filled in (the syntax i18next reads too). */
export const fillTemplate = (template: string, params: Record<string, string | number | undefined> = {}) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));

/** The English text of an error code. */
export function apiErrorText(code: ApiErrorCode, params?: ErrorParams): string {
  return fillTemplate(API_ERRORS[code], params);
}

/** The English text of a field problem, without the field's name ("must be at most 100 characters"). */
export function fieldProblemText(code: FieldProblemCode, params?: ErrorParams): string {
  return fillTemplate(FIELD_PROBLEMS[code], params);
}
