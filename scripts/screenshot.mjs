// Usage: node scripts/screenshot.mjs BASE_URL PATH WIDTH OUT.png [fullPage]
// A look at what a visitor sees, with the machine's Chromium.
import { chromium } from "@playwright/test";

const [base, path, width, out, full] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) < 500 ? 780 : 900 } });
page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
page.on("pageerror", (e) => console.error("pageerror:", e.message));
await page.goto(base + path, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: full === "full" });
await browser.close();
