export type Theme = 'light' | 'dark'
export const THEME_STORAGE_KEY = 'theme'

/**
 * Runs in <head> before first paint (inlined by the build, hashed for the CSP): marks the page as
 * scripted (html.js) and sets the theme: the stored choice,
 * else the system preference. Kept tiny and free of dependencies.
 */
export const themeBootScript = `document.documentElement.classList.add('js');try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.dataset.theme=t}catch(e){}`

/** Id of the <template> that holds the page's module scripts until the first paint is done. */
export const DEFERRED_SCRIPTS_ID = 'deferred-scripts'

/**
 * Starts the page's JavaScript after the first paint: the prerendered page paints from HTML and
 * inline CSS alone, and its images do not compete with script downloads. The template's nodes go
 * in one per task, in the order the build wrote them (the entry script, then the preloads):
 * Chromium spends milliseconds on each modulepreload it is given, and a page's twenty at once are
 * a long task on a phone. Static text, so one CSP hash covers every page.
 */
export const deferredScriptsLoader = `requestAnimationFrame(function(){setTimeout(function(){var t=document.getElementById('${DEFERRED_SCRIPTS_ID}');if(!t)return;var n=[].slice.call(t.content.children);(function s(){var e=n.shift();if(e){document.head.append(document.importNode(e,true));setTimeout(s)}})()})})`
