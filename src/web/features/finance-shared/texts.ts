/**
 * The finance pages that stand on the shared pieces of this folder, by their text namespace: a shared
 * piece reads its labels (cancel, close, search, pages…) from the page's own texts, which its route loads.
 */
export type FinanceTexts = "financeBills" | "financeApproval";
