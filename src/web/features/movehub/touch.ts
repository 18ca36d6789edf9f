/**
 * Touch constants of part 1 §9: "Touch long press 500 ms, tap under 100 ms". A task is picked up for
 * dragging after a 500 ms press on its handle (dnd-kit TouchSensor delay); a touch on a task's title
 * shorter than 100 ms is a tap and opens or closes its description, anything longer is not (a scroll
 * or a press that was not meant as a tap).
 */
export const LONG_PRESS_MS = 500;
export const TAP_MAX_MS = 100;
/** Finger movement (px) tolerated during the long press before it counts as a scroll. */
export const LONG_PRESS_TOLERANCE_PX = 8;

export function isTap(startedAt: number, endedAt: number, moved: boolean): boolean {
  return !moved && endedAt - startedAt < TAP_MAX_MS;
}
