/** Where a server-rendered page keeps the buttons clicked before the app's script took the page over. */
export const EARLY_CLICKS = "__earlyClicks";

/**
 * Runs inline before a server-rendered page's body. A visitor sees the page's buttons before the
 * script that makes them work has loaded (seconds on a slow phone); a click then would do nothing,
 * or submit a form natively. It is held instead, and the app clicks the last one again once it runs
 * (web/lib/early-clicks.ts). Links are left alone: they work without the script.
 */
export const EARLY_CLICKS_SCRIPT = `(function(){var q=window.${EARLY_CLICKS}=[];addEventListener("click",function(e){var b=e.target instanceof Element?e.target.closest("button"):null;if(!b||window.${EARLY_CLICKS}!==q)return;e.preventDefault();e.stopPropagation();q.push(b)},true)})()`;
