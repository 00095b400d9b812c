// The flags every Chromium this project starts runs with: the browser journeys (playwright.config.ts),
// the bench's page loads and Lighthouse (bench/lib/frontend.ts). Debian's Chromium (/usr/bin/chromium).
//
// Chromium 156.0.8078.108 preloads the address bar's WebUI popups (chrome://omnibox-popup.top-chrome)
// even headless: one more renderer per browser, seen using 20–50 % of a core for a whole e2e run on
// this project's 2 cores, where the journeys ran about five times slower than before. Turning their
// two features off removes that renderer (`Target.getTargets` lists no top-chrome page).
//
// Only the last --disable-features a browser is given counts, and Playwright passes its own: so its
// list (@playwright/test 1.65.1, playwright-core's chromiumSwitches) is repeated here before ours.
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];
const OMNIBOX_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUPS].join(',')}`,
];
