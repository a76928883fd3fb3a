/**
 * A site's short name as the controller makes them (`default`, or 8 random lower-case letters): lower-case letters
 * and digits, then also `_` and `-`, at most 64 characters. Never `.`, `..` nor `/`: the name is a folder of the
 * controller's data directory that the cronjob delivery writes into.
 */
export const SITE_SHORT_NAME = '^[a-z0-9][a-z0-9_-]*$';
export const SITE_SHORT_NAME_MAX = 64;

/** Whether a short name follows the rule (a new or changed site, a site read from the controller). */
export const isSiteShortName = (name: string) =>
  name.length <= SITE_SHORT_NAME_MAX && new RegExp(SITE_SHORT_NAME).test(name);
