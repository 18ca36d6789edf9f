/**
 * The custom report builder's messages, word for word where the spec gives them (part 2 §5 "Saving a report needs
 * a name and at least one column; the group is required for admins", "Field overrides: an enabled field needs a
 * title and at least one field must be enabled"; §8 "generic messages for … save, delete", "There has been an
 * error cloning the report...").
 */
export const builderMessages = {
  nameRequired: "Please enter a report name.",
  columnRequired: "Please add at least one column to the report.",
  columnTitleRequired: "Every column needs a title.",
  groupRequired: "Please select a group.",
  nameTaken: "A report with this name already exists in this group.",
  fieldNotAvailable: "This field is not available for this subject.",
  fieldDisabled: "This field has been disabled for your group.",
  duplicateColumn: "A field can be added to the report only once.",
  notGroupable: "The report cannot be grouped by this field.",
  notSummable: "This field cannot be totalled.",
  notFilterable: "This field cannot be filtered.",
  staleEdit: "This report was changed by someone else. Reload it and save again.",
  notCustom: "Only custom reports can be changed.",
  notOwnReport: "You can delete only the reports you created.",
  cannotClone: "This report cannot be cloned.",
  fieldTitleRequired: "An enabled field needs a title.",
  oneFieldEnabled: "At least one field must be enabled.",
  unknownField: "Unknown field.",
  unknownReport: "Unknown report.",
  saveFailed: "There has been an error saving the report. Please try again.",
  deleteFailed: "There has been an error deleting the report. Please try again.",
  cloneFailed: "There has been an error cloning the report...",
  loadFailed: "There has been an error loading the data. Please try again.",
  permissionsFailed: "There has been an error saving the permissions. Please try again.",
  overridesFailed: "There has been an error saving the fields. Please try again.",
} as const;
