/**
 * The only script a page loads first. It is small and plain: it wires the behaviours every page
 * has (the loading placeholder while the next page loads, Request Information, the floating
 * buttons, the exit-intent popup, the language offer, the quick exit on survivors' pages, recovery from a stale deployment) and
 * schedules each island's hydration. React and the islands' code run only when an island is due.
 */
import { loadAnalytics } from "../lib/analytics";
import { loadCaptchaOnFirstInteraction } from "../lib/captcha";
import { prefillTopic } from "../lib/request-information";
import { recoverFromStaleDeploy } from "../lib/preload-recovery";
import { wirePageBehaviours } from "./behaviours";
import { wireDock } from "./dock";
import { wireExitIntent } from "./exit-intent";
import { loadBrandFonts } from "./fonts";
import { wireLanguageOffer } from "./language-offer";
import { wireQuickExit, wireReturnAtTop } from "./quick-exit";
import { defineIslands, whenIdle } from "./schedule";

function start(): void {
  // What a first tap may need, at once; the rest in its own short task, so no single task holds
  // the main thread while the page loads.
  recoverFromStaleDeploy();
  wirePageBehaviours();
  loadBrandFonts();
  // A survivor must be able to leave at once.
  wireQuickExit();
  wireReturnAtTop();
  prefillTopic();
  // Before any form hydrates: the first focus or click in a form is what starts the captcha.
  loadCaptchaOnFirstInteraction();
  setTimeout(() => {
    wireDock();
    wireExitIntent();
    wireLanguageOffer();
    defineIslands();
    // Analytics (when configured and the visitor allows it) waits until the page is idle.
    whenIdle(() => void loadAnalytics());
  }, 0);
}

start();
