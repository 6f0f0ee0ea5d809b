/**
 * The few lines that keep the wiki sidebar's groups open or closed across pages (sessionStorage, per
 * tab). Inline and run while the sidebar is parsed, before the first paint, so restoring the state
 * moves nothing on screen. The group holding the current page always stays open.
 */
import { inlineScript } from '../../lib/inline-script.ts';

export const SIDEBAR_STATE_KEY = 'angram:wiki-groups';

export const SIDEBAR_STATE_SCRIPT = inlineScript(
  `(function(){var key=${JSON.stringify(SIDEBAR_STATE_KEY)};var saved={};` +
    `try{saved=JSON.parse(sessionStorage.getItem(key)||'{}')||{};}catch(e){saved={};}` +
    `document.querySelectorAll('details[data-wiki-group]').forEach(function(group){` +
    `var id=group.getAttribute('data-wiki-group');` +
    `if(!group.hasAttribute('data-current')&&typeof saved[id]==='boolean')group.open=saved[id];` +
    `group.addEventListener('toggle',function(){saved[id]=group.open;` +
    `try{sessionStorage.setItem(key,JSON.stringify(saved));}catch(e){}});});})();`,
);
