/**
 * Test fixture of the form builder's field contract (pure, no I/O; used by the domain, router and
 * web tests of the form builder): a complete TFormField with plain defaults.
 */
import type { TFormField } from "./schemas.ts";

/** A stored, optional, deletable text field (FRM_GRP_1) of no policy version, with `o` applied. */
export function testFormField(o: Partial<TFormField> = {}): TFormField {
  return {
    frmGrpId: 1,
    key: "FRM_GRP_1",
    displayName: "Field 1",
    modelName: "properties['f1']",
    componentId: "text",
    mappingParent: null,
    mappingField: null,
    dataParent: null,
    label: "Field 1",
    iteratorFactoryMethod: null,
    availableValues: [],
    placeholder: "",
    validator: null,
    xlateKey: null,
    tooltip: "",
    type: "Text",
    formType: "text",
    policyVersionIds: [],
    excludedPolicyVersionIds: [],
    dependencyIds: [],
    shown: true,
    readOnly: false,
    mandatory: false,
    draftMandatory: false,
    excluded: false,
    core: false,
    basicCE: false,
    advancedCE: false,
    clone: false,
    canBeDeleted: true,
    master: false,
    slave: false,
    inInitiationSummaryFields: false,
    childFields: [],
    ...o,
  };
}
