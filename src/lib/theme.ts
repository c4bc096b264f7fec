export type Theme = 'light' | 'dark'
export const THEME_STORAGE_KEY = 'theme'

/**
 * Runs in <head> before first paint (inlined by the build, hashed for the CSP): marks the page as
 * scripted (html.js) and sets the theme: the stored choice,
 * else the system preference. Kept tiny and free of dependencies.
 */
export const themeBootScript = `document.documentElement.classList.add('js');try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.dataset.theme=t}catch(e){}`
