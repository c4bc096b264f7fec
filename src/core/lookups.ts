/**
 * The outside services the consultation form asks on submit, named in one place: the form, the
 * server's Content-Security-Policy and the privacy notice all read them from here.
 */

/** Answers the visitor's public IP address as `{"ip": …}`. */
export const DEFAULT_IP_LOOKUP_URL = 'https://api.ipify.org?format=json'
/** Answers the city, region and country of an address; `{ip}` and `{token}` are filled in. */
export const DEFAULT_GEO_URL = 'https://ipinfo.io/{ip}/json?token={token}'

/** The host name a look-up address names, as the privacy notice shows it. */
export const lookupHost = (url: string) => new URL(url.replace('{ip}', '0.0.0.0').replace('{token}', 'x')).host
