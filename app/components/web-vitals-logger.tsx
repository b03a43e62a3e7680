/**
 * Logs the page's web vitals to the console, and nowhere else (docs/product.md §7). An inline script, so it runs on pages that
 * ship no hydration scripts too (app/lib/hydration.ts); it fetches the library once the page has loaded, so it never
 * competes with the page's own content or scripts.
 */

/** The script's text: a plain function of the library's URL (no bundler helpers, no closure over module scope). */
export function webVitalsLoggerSource(src: string): string {
  return `(function(src){function run(){import(src).then(function(v){function report(m){console.log("[web-vitals] "+m.name,Math.round(m.value*100)/100,m.rating||"")}v.onCLS(report);v.onINP(report);v.onLCP(report);v.onFCP(report);v.onTTFB(report)},function(e){console.error("web-vitals could not load",e)})}if(document.readyState==="complete")run();else addEventListener("load",run,{once:true})})(${JSON.stringify(src).replace(/</g, "\\u003c")})`;
}

export function WebVitalsLogger({ src, nonce }: { src: string; nonce: string | undefined }) {
  // suppressHydrationWarning: browsers hide a nonce attribute from script (it reads back empty in the DOM).
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: webVitalsLoggerSource(src) }} />
  );
}
