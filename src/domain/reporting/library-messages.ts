/**
 * The report library's texts (issue 26; part 2 §5 "Reporting", §8 "Reporting and CRM"): the spec's words
 * verbatim where it gives them, Meridian's own (marked) where it only names the message.
 */
import { messages } from "../messages.ts";

export const libraryMessages = {
  /** Part 2 §8: "Error applying filters..." (a filter value that breaks a §5 rule; the rule's own text follows). */
  errorApplyingFilters: "Error applying filters...",
  /** Part 2 §8 "generic messages for filter load, save, delete and favourites". */
  filterLoadFailed: `There has been an error loading the report filters. ${messages.genericFailure}`,
  filterSaveFailed: `There has been an error saving the filter defaults. ${messages.genericFailure}`,
  favouriteFailed: `There has been an error updating your favourite reports. ${messages.genericFailure}`,
  reportLoadFailed: `There has been an error loading the reports. ${messages.genericFailure}`,
  downloadFailed: `There has been an error generating the report. ${messages.genericFailure}`,
  labelLoadFailed: `There has been an error loading the filter label. ${messages.genericFailure}`,
  /** Part 2 §8 "Success texts for … filter defaults saved". */
  filterDefaultsSaved: "Filter defaults saved.",
  favouriteAdded: "The report was added to your favourites.",
  favouriteRemoved: "The report was removed from your favourites.",
  /** Part 2 §5 "Selecting a report tab needs a group first" (an admin). */
  selectGroupFirst: "Please select a group first.",
  /** Part 2 §6 "Manager or HR view can favourite custom reports; admins cannot." */
  favouritesNotForAdmins: "Administrators cannot keep favourite reports.",
  /** A manager whose reporting restriction is OFF (part 1 §3 reportingRestriction). */
  reportingOff: "Reporting is not enabled for your account.",
  reportNotFound: "The report does not exist or is not available to your group.",
  // Part 2 §5 filter rules.
  required: (title: string) => `Please select a value for ${title}`,
  /** Part 2 §5 "Inputs ... should be all set or all unset same time", the inputs named. */
  allOrNone: (titles: string[]) => `Inputs ${titles.join(", ")} should be all set or all unset same time`,
  listOfLong: (title: string) => `${title} may contain only digits and commas.`,
  currencyRequired: "Please select a currency for the custom functional currency.",
  invalidDate: (title: string) => `${title} is not a valid date.`,
  futureDate: (title: string) => `${title} cannot be in the future.`,
  outOfRange: (title: string, min: number, max: number) => `${title} must be between ${min} and ${max}.`,
  invalidOption: (title: string) => `Please select a valid value for ${title}`,
  invalidNumber: (title: string) => `${title} is not a valid number.`,
} as const;
