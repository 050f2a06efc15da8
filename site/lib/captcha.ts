import { firm } from "../../core/firm";
import { captchaPlaceholder } from "../../core/form-options";

/** Loading the script and getting a token each give up after 5000 ms; the script is polled every 100 ms. */
export const captchaTimeoutMs = 5000;
export const captchaPollMs = 100;

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | undefined;

export function captchaScriptUrl(siteKey: string = firm.recaptchaSiteKey): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

/** Loads the captcha script once; later calls share the same promise. */
export function loadCaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = captchaScriptUrl();
    script.async = true;
    script.onerror = () => {
      window.clearInterval(poll);
      window.clearTimeout(timeout);
      reject(new Error("reCAPTCHA failed to load"));
    };
    const poll = window.setInterval(() => {
      if (typeof window.grecaptcha?.execute === "function") {
        window.clearInterval(poll);
        window.clearTimeout(timeout);
        resolve(window.grecaptcha);
      }
    }, captchaPollMs);
    const timeout = window.setTimeout(() => {
      window.clearInterval(poll);
      reject(new Error("recaptcha_timeout"));
    }, captchaTimeoutMs);
    document.head.appendChild(script);
  });
  return loading;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A token for the named action. Never throws: a blocked or failing captcha yields a placeholder
 * token and a warning, and the submission goes on: an ad blocker must not cost the firm a client.
 */
export async function captchaToken(action = "submit"): Promise<string> {
  let grecaptcha: Grecaptcha;
  try {
    grecaptcha = await loadCaptcha();
  } catch (error) {
    console.warn("Captcha unavailable:", error);
    return captchaPlaceholder.unavailable;
  }
  try {
    const ready = new Promise<void>((resolve) => grecaptcha.ready(resolve));
    return await withTimeout(
      ready.then(() => grecaptcha.execute(firm.recaptchaSiteKey, { action })),
      captchaTimeoutMs,
      "recaptcha_execute_timeout",
    );
  } catch (error) {
    console.warn("Captcha failed:", error);
    return captchaPlaceholder.error;
  }
}

/** Starts loading the captcha on the first focus or click in a form or one of its fields. */
export function loadCaptchaOnFirstInteraction(): () => void {
  const onInteract = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest("input, textarea, select, form")) return;
    remove();
    loadCaptcha().catch(() => undefined);
  };
  const remove = () => {
    document.removeEventListener("focusin", onInteract, true);
    document.removeEventListener("click", onInteract, true);
  };
  document.addEventListener("focusin", onInteract, true);
  document.addEventListener("click", onInteract, true);
  return remove;
}
