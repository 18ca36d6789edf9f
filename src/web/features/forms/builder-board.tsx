import { DndContext, DragOverlay, MeasuringStrategy } from "@dnd-kit/core";
import { CornerDownLeft, GripVertical, MoreHorizontal, Plus, Undo2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFormField } from "../../../domain/policy/forms/schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { cn } from "../../lib/utils.ts";
import { BoardCardHeading, FieldCard, FieldList, MoveUpDownItems, SectionList, SortableShell } from "./board-parts.tsx";
import {
  ADDED_SECTIONS,
  AVAILABLE_FIELDS,
  AVAILABLE_SECTIONS,
  fieldDndId,
  fieldsOf,
  locateField,
  moveField,
  moveSection,
  sectionBlocker,
  sectionDndId,
  sectionFieldsId,
  type BuilderSection,
  type BuilderState,
} from "./builder-state.ts";
import { collision, useBoardDrag, type Update } from "./use-board-drag.ts";

/**
 * The board of part 2 §2 "Form builder": available fields and sections on the left, the form's
 * sections (each a drop zone of its fields) in the main area. Mouse and keyboard dragging
 * (dnd-kit, use-board-drag.ts), with the same moves behind every card's buttons (cards and lists
 * in board-parts.tsx).
 */
export function BuilderBoard({
  state,
  update,
  announce,
  errors,
  onEdit,
  addFieldButton,
  addSectionForm,
}: {
  state: BuilderState;
  update: Update;
  announce: (text: string) => void;
  errors: Record<string, string>;
  onEdit: (field: TFormField) => void;
  addFieldButton: ReactNode;
  addSectionForm: ReactNode;
}) {
  const { t } = useTranslation();
  const { sensors, stateRef, active, announcements, containerName, onDragStart, onDragOver, onDragEnd, onDragCancel } = useBoardDrag(state, update);
  // After a button move the card remounts elsewhere: its actions button gets the focus back.
  const focusTargets = useRef(new Map<string, HTMLElement>());
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const el = focusTargets.current.get(pendingFocus.current);
    pendingFocus.current = null;
    el?.focus();
  }, [state]);
  const registerFocus = (id: string) => (el: HTMLElement | null) => {
    if (el) focusTargets.current.set(id, el);
    else focusTargets.current.delete(id);
  };

  // A prefilled field names the field it is filled from (the form's one master), never an internal term.
  const masters = [...state.sections.flatMap((x) => x.fields), ...state.availableFields].filter((f) => f.master).map((f) => f.label);
  const filledFrom = masters.length === 1 ? t("formBuilder.badge.slaveOf", { name: masters[0]! }) : t("formBuilder.badge.slave");

  // Button moves: the same state functions, an announcement, the focus kept on the moved card.
  const moveFieldTo = (field: TFormField, container: string, index: number) => {
    pendingFocus.current = fieldDndId(field.key);
    update((st) => moveField(st, field.key, container, index));
    const total = (fieldsOf(stateRef.current, container)?.length ?? 0) + (locateField(stateRef.current, field.key)?.container === container ? 0 : 1);
    announce(
      container === AVAILABLE_FIELDS
        ? t("formBuilder.announce.fieldRemoved", { name: field.label })
        : t("formBuilder.announce.fieldMoved", { name: field.label, target: containerName(container), position: Math.min(index + 1, total), total }),
    );
  };
  const moveSectionTo = (section: BuilderSection, target: "added" | "available", index: number) => {
    pendingFocus.current = sectionDndId(section.uid);
    update((st) => moveSection(st, section.uid, target, index));
    if (target === "available") announce(t("formBuilder.announce.sectionRemoved", { name: section.name }));
    else if (stateRef.current.sections.some((x) => x.uid === section.uid))
      announce(t("formBuilder.announce.sectionMoved", { name: section.name, position: index + 1, total: stateRef.current.sections.length }));
    else announce(t("formBuilder.announce.sectionAdded", { name: section.name }));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("formBuilder.dnd.instructions") } }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 desktop:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="fb-available-fields">
            <Card>
              <CardHeader className="flex-row items-start justify-between gap-3 pb-4">
                <BoardCardHeading id="fb-available-fields" title={t("formBuilder.availableFields")} hint={t("formBuilder.availableFieldsHint")} />
                {addFieldButton}
              </CardHeader>
              <FieldList
                container={AVAILABLE_FIELDS}
                droppableId={AVAILABLE_FIELDS}
                fields={state.availableFields}
                label={t("formBuilder.availableFields")}
                empty={t("formBuilder.availableFieldsEmpty")}
                className="px-4 pb-4"
              >
                {(field, index) => (
                  <FieldCard
                    key={field.key}
                    field={field}
                    filledFrom={filledFrom}
                    error={errors[field.key]}
                    focusRef={registerFocus(fieldDndId(field.key))}
                    onEdit={() => onEdit(field)}
                    menu={
                      <>
                        {state.sections.length === 0 ? <DropdownMenuItem disabled>{t("formBuilder.addSectionFirst")}</DropdownMenuItem> : null}
                        {state.sections.map((s) => (
                          <DropdownMenuItem key={s.uid} onSelect={() => moveFieldTo(field, s.uid, s.fields.length)}>
                            <CornerDownLeft aria-hidden="true" />
                            {t("formBuilder.addTo", { section: s.name })}
                          </DropdownMenuItem>
                        ))}
                        <DropdownMenuSeparator />
                        <MoveUpDownItems index={index} count={state.availableFields.length} onMove={(to) => moveFieldTo(field, AVAILABLE_FIELDS, to)} />
                      </>
                    }
                  />
                )}
              </FieldList>
            </Card>
          </section>

          <section aria-labelledby="fb-available-sections">
            <Card>
              <CardHeader className="pb-4">
                <BoardCardHeading id="fb-available-sections" title={t("formBuilder.availableSections")} hint={t("formBuilder.availableSectionsHint")} />
              </CardHeader>
              <SectionList droppableId={AVAILABLE_SECTIONS} sections={state.availableSections} label={t("formBuilder.availableSections")} empty={t("formBuilder.availableSectionsEmpty")} className="px-4 pb-4">
                {(section) => (
                  <SortableShell key={section.uid} id={sectionDndId(section.uid)} type="section" name={section.name} className="flex items-center gap-2 rounded-lg border border-border bg-surface px-2 py-2">
                    <span className="min-w-0 flex-1 text-sm font-medium [overflow-wrap:anywhere]">{section.name}</span>
                    <Button
                      ref={registerFocus(sectionDndId(section.uid))}
                      variant="outline"
                      size="sm"
                      aria-label={t("formBuilder.addSectionToForm", { name: section.name })}
                      onClick={() => moveSectionTo(section, "added", stateRef.current.sections.length)}
                    >
                      <Plus aria-hidden="true" />
                      {t("formBuilder.addToForm")}
                    </Button>
                  </SortableShell>
                )}
              </SectionList>
            </Card>
          </section>
        </div>

        <section aria-labelledby="fb-form">
          <Card>
            <CardHeader className="gap-3 pb-4">
              <BoardCardHeading id="fb-form" title={t("formBuilder.form")} hint={t("formBuilder.formHint")} />
              {addSectionForm}
            </CardHeader>
            {errors["sections"] ? (
              <p className="px-6 pb-2 text-[13px] font-medium text-destructive">{errors["sections"]}</p>
            ) : null}
            <SectionList droppableId={ADDED_SECTIONS} sections={state.sections} label={t("formBuilder.form")} empty={t("formBuilder.formEmpty")} className="gap-4 px-4 pb-4 tablet:px-6 tablet:pb-6">
              {(section, sIndex) => {
                const blocker = sectionBlocker(section);
                const sectionError = errors[`sections.${sIndex}`] ?? errors[`sections.${sIndex}.name`];
                return (
                  <SortableShell
                    key={section.uid}
                    id={sectionDndId(section.uid)}
                    type="section"
                    name={section.name}
                    className="flex flex-col gap-3 rounded-xl border border-border bg-background p-3"
                    header={
                      <>
                        <div className="min-w-0 flex-1">
                          <h3 className="text-[15px] font-semibold [overflow-wrap:anywhere]">{section.name}</h3>
                          <p className="text-xs text-muted-foreground">{t("formBuilder.sectionFieldsCount", { count: section.fields.length })}</p>
                        </div>
                        <DropdownMenu>
                          <DropdownMenuTrigger asChild>
                            <Button ref={registerFocus(sectionDndId(section.uid))} variant="ghost" size="icon" aria-label={t("formBuilder.sectionActions", { name: section.name })}>
                              <MoreHorizontal aria-hidden="true" />
                            </Button>
                          </DropdownMenuTrigger>
                          <DropdownMenuContent>
                            <MoveUpDownItems index={sIndex} count={state.sections.length} onMove={(to) => moveSectionTo(section, "added", to)} />
                            <DropdownMenuSeparator />
                            <DropdownMenuItem disabled={!!blocker} onSelect={() => moveSectionTo(section, "available", stateRef.current.availableSections.length)}>
                              <Undo2 aria-hidden="true" />
                              {t("formBuilder.removeSection")}
                            </DropdownMenuItem>
                            {blocker ? <DropdownMenuLabel className="max-w-64 text-xs text-muted-foreground">{t("formBuilder.cannotDelete", { label: blocker.label })}</DropdownMenuLabel> : null}
                          </DropdownMenuContent>
                        </DropdownMenu>
                      </>
                    }
                  >
                    {sectionError ? <p className="text-[13px] font-medium text-destructive">{sectionError}</p> : null}
                    <FieldList
                      container={section.uid}
                      droppableId={sectionFieldsId(section.uid)}
                      fields={section.fields}
                      label={section.name}
                      empty={t("formBuilder.sectionEmpty")}
                      dashed
                    >
                      {(field, index) => (
                        <FieldCard
                          key={field.key}
                          field={field}
                          filledFrom={filledFrom}
                          error={errors[field.key]}
                          focusRef={registerFocus(fieldDndId(field.key))}
                          onEdit={() => onEdit(field)}
                          menu={
                            <>
                              {state.sections
                                .filter((s) => s.uid !== section.uid)
                                .map((s) => (
                                  <DropdownMenuItem key={s.uid} onSelect={() => moveFieldTo(field, s.uid, s.fields.length)}>
                                    <CornerDownLeft aria-hidden="true" />
                                    {t("formBuilder.moveTo", { section: s.name })}
                                  </DropdownMenuItem>
                                ))}
                              <MoveUpDownItems index={index} count={section.fields.length} onMove={(to) => moveFieldTo(field, section.uid, to)} />
                              <DropdownMenuSeparator />
                              <DropdownMenuItem disabled={!field.canBeDeleted} onSelect={() => moveFieldTo(field, AVAILABLE_FIELDS, stateRef.current.availableFields.length)}>
                                <Undo2 aria-hidden="true" />
                                {t("formBuilder.removeFromForm")}
                              </DropdownMenuItem>
                              {field.canBeDeleted ? null : (
                                <DropdownMenuLabel className="max-w-64 text-xs text-muted-foreground">{t("formBuilder.cannotDelete", { label: field.label })}</DropdownMenuLabel>
                              )}
                            </>
                          }
                        />
                      )}
                    </FieldList>
                  </SortableShell>
                );
              }}
            </SectionList>
          </Card>
        </section>
      </div>
      <DragOverlay>
        {active ? (
          <div className={cn("flex items-center gap-2 rounded-lg border border-primary bg-surface px-3 py-2 text-sm font-medium shadow-dialog", active.isField ? "" : "py-3")}>
            <GripVertical className="size-4 text-muted-foreground" aria-hidden="true" />
            {active.name}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
