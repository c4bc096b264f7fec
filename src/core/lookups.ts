/**
 * The outside services the consultation form asks on submit, named in one place: the form, the
 * server's Content-Security-Policy and the privacy notice all read them from here.
 */

/** Answers the visitor's public IP address as `{"ip": …}`. */
export const DEFAULT_IP_LOOKUP_URL = 'https://api.ipify.org?format=json'
/** Answers the city, region and country of an address; `{ip}` and `{token}` are filled in. */
export const DEFAULT_GEO_URL = 'https://ipinfo.io/{ip}/json?token={token}'

/** A look-up address with sample values in its `{ip}` and `{token}` slots; throws if it is no URL. */
export const lookupUrl = (template: string) => new URL(template.replace('{ip}', '0.0.0.0').replace('{token}', 'x'))

/** The host name a look-up address names, as the privacy notice shows it. */
export const lookupHost = (template: string) => lookupUrl(template).host
