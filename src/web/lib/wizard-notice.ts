/**
 * A one-time notice the wizard leaves for the page it goes to ("The move has been saved as a
 * draft.", "…'s move has been initiated."). It lives in sessionStorage so it survives the
 * navigation; the group home takes it (shows it once and clears it).
 */
const KEY = "meridian.wizardNotice";

export function setWizardNotice(text: string): void {
  try {
    window.sessionStorage.setItem(KEY, text);
  } catch {
    // Storage switched off: the notice is simply not shown.
  }
}

export function takeWizardNotice(): string | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    if (text !== null) window.sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return null;
  }
}
