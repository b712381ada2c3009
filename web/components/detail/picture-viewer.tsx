/**
 * The full-screen picture viewer, loaded only when a shopper opens it (image-gallery.tsx):
 * a modal dialog (focus stays inside, Escape closes, focus goes back to where it was)
 * showing one picture at a time as large as the screen allows. Zoom by pinching, by a
 * double tap (or double click), with the wheel, with + and − (Enter zooms in or back
 * out), or with the buttons; drag a zoomed picture to look around; swipe, or use the
 * arrow keys or buttons, to move between pictures.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, Minus, Plus, X } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject, type WheelEvent } from "react";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { ResponsiveImage } from "../ui/responsive-image";
import { SWIPE_THRESHOLD, TAP_SLOP } from "./swipe";

const MAX_SCALE = 4;
/** How far a double tap zooms in. */
const TAP_SCALE = 2.5;
/** Buttons, keys and the wheel zoom by this factor a step. */
const STEP = 1.5;
/** Two taps this close in time (ms) and place (px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;

interface Point {
  x: number;
  y: number;
}
/** The picture's zoom and its offset from the centre of the stage, in pixels. */
interface View extends Point {
  scale: number;
}
/** A press in progress: the view and the point it started from, and for two fingers, their spread. */
interface Gesture {
  start: View;
  from: Point;
  moved: boolean;
  pinch: { distance: number } | null;
}

const FITTED: View = { scale: 1, x: 0, y: 0 };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));

/** Zooms to `scale` keeping the point of the picture under `focus` (from the stage's centre) where it is. */
const zoomAt = (view: View, scale: number, focus: Point): View => {
  const k = scale / view.scale;
  return { scale, x: focus.x - (focus.x - view.x) * k, y: focus.y - (focus.y - view.y) * k };
};

export interface PictureViewerProps {
  images: ImageRef[];
  /** The pictures' name: "{label}, picture 2 of 5". */
  label: string;
  /** The picture shown first. */
  start: number;
  /** Called with the picture shown last, so the page can show it too. */
  onClose(index: number): void;
  /** Where focus goes back to on closing. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

export default function PictureViewer({ images, label, start, onClose, returnFocusTo }: PictureViewerProps) {
  const count = images.length;
  const [index, setIndex] = useState(start);
  const [view, setViewState] = useState(FITTED);
  const [pressing, setPressing] = useState(false);
  const current = useRef(view);
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<(Point & { time: number }) | null>(null);

  const setView = (next: View) => {
    current.current = next;
    setViewState(next);
  };

  /** Keeps the zoom between fitted and the most, and the picture's edges from coming inside the stage's. */
  const bounded = (next: View): View => {
    const box = stage.current;
    const picture = images[index];
    if (!box || !picture || next.scale <= 1) return FITTED;
    const scale = Math.min(MAX_SCALE, next.scale);
    // The picture fitted whole into the stage, as object-contain draws it.
    const fit = Math.min(box.clientWidth / picture.width, box.clientHeight / picture.height);
    const room = (size: number, space: number) => Math.max(0, (size * fit * scale - space) / 2);
    return {
      scale,
      x: clamp(next.x, room(picture.width, box.clientWidth)),
      y: clamp(next.y, room(picture.height, box.clientHeight)),
    };
  };
  const zoomBy = (factor: number, focus: Point = { x: 0, y: 0 }) =>
    setView(bounded(zoomAt(current.current, current.current.scale * factor, focus)));
  const toggleZoom = (focus: Point) =>
    setView(current.current.scale > 1 ? FITTED : bounded(zoomAt(current.current, TAP_SCALE, focus)));
  const go = (step: number) => {
    setIndex((shown) => (((shown + step) % count) + count) % count);
    setView(FITTED);
    lastTap.current = null;
  };

  /** The event's point, from the stage's centre. */
  const pointOf = (event: { clientX: number; clientY: number }): Point => {
    const box = stage.current!.getBoundingClientRect();
    return { x: event.clientX - box.left - box.width / 2, y: event.clientY - box.top - box.height / 2 };
  };

  const begin = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a) {
      gesture.current = null;
      return;
    }
    gesture.current = b
      ? { start: current.current, from: middle(a, b), moved: true, pinch: { distance: distance(a, b) || 1 } }
      : { start: current.current, from: a, moved: false, pinch: null };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, pointOf(event));
    setPressing(true);
    begin();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const press = gesture.current;
    if (!press || !pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, pointOf(event));
    const [a, b] = [...pointers.current.values()];
    if (press.pinch && a && b) {
      // The picture's point that was between the fingers stays between them as they spread and move.
      const scale = (press.start.scale * distance(a, b)) / press.pinch.distance;
      const zoomed = zoomAt(press.start, scale, press.from);
      const now = middle(a, b);
      setView(bounded({ scale, x: zoomed.x + now.x - press.from.x, y: zoomed.y + now.y - press.from.y }));
      return;
    }
    if (!a) return;
    const dx = a.x - press.from.x;
    const dy = a.y - press.from.y;
    if (Math.hypot(dx, dy) > TAP_SLOP) press.moved = true;
    if (!press.moved) return;
    // Zoomed, a drag looks around; fitted, the picture follows the finger sideways until let go.
    setView(
      press.start.scale > 1
        ? bounded({ ...press.start, x: press.start.x + dx, y: press.start.y + dy })
        : { scale: 1, x: dx, y: 0 },
    );
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const press = gesture.current;
    const point = pointers.current.get(event.pointerId);
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other carries on as a drag (never a tap).
      begin();
      if (gesture.current) gesture.current.moved = true;
      return;
    }
    gesture.current = null;
    setPressing(false);
    if (!press || !point || press.pinch) return;
    if (!press.moved) {
      const tap = lastTap.current;
      if (tap && event.timeStamp - tap.time < DOUBLE_TAP_MS && distance(tap, point) < DOUBLE_TAP_PX) {
        lastTap.current = null;
        toggleZoom(point);
      } else {
        lastTap.current = { ...point, time: event.timeStamp };
      }
      return;
    }
    if (press.start.scale > 1) return;
    const dx = point.x - press.from.x;
    if (count > 1 && Math.abs(dx) >= SWIPE_THRESHOLD && Math.abs(dx) > Math.abs(point.y - press.from.y)) {
      go(dx < 0 ? 1 : -1);
    } else {
      setView(FITTED);
    }
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0) {
      begin();
      return;
    }
    gesture.current = null;
    setPressing(false);
    if (current.current.scale <= 1) setView(FITTED);
  };

  // A wheel's notch (about 100) zooms by about a fifth; a touchpad's many small steps, smoothly.
  const onWheel = (event: WheelEvent<HTMLDivElement>) => zoomBy(Math.exp(-event.deltaY * 0.002), pointOf(event));

  const onKeyDown = (event: KeyboardEvent) => {
    const onStage = event.target === stage.current;
    if (event.key === "ArrowRight" && count > 1) go(1);
    else if (event.key === "ArrowLeft" && count > 1) go(-1);
    else if (event.key === "+" || event.key === "=") zoomBy(STEP);
    else if (event.key === "-" || event.key === "_") zoomBy(1 / STEP);
    else if (event.key === "0") setView(FITTED);
    else if (event.key === "Enter" && onStage) toggleZoom({ x: 0, y: 0 });
    else return;
    event.preventDefault();
  };

  const button =
    "inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 disabled:opacity-40";
  const side = `${button} absolute top-1/2 -translate-y-1/2`;
  const position = `Picture ${index + 1} of ${count}`;
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose(index)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            stage.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-[70] flex flex-col text-white outline-none"
        >
          <div className="flex items-center gap-2 px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-2">
            <Dialog.Title className="min-w-0 flex-1 truncate px-2 text-sm">{label}</Dialog.Title>
            <p className="px-2 text-sm text-white/70 tabular-nums" aria-hidden="true">
              {index + 1} / {count}
            </p>
            <button
              type="button"
              className={button}
              onClick={() => zoomBy(1 / STEP)}
              disabled={view.scale <= 1}
              aria-label="Zoom out"
            >
              <Minus className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={button}
              onClick={() => zoomBy(STEP)}
              disabled={view.scale >= MAX_SCALE}
              aria-label="Zoom in"
            >
              <Plus className="size-5" aria-hidden="true" />
            </button>
            <Dialog.Close className={button} aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="relative min-h-0 flex-1">
            <div
              ref={stage}
              tabIndex={0}
              role="group"
              aria-roledescription="zoomable picture"
              aria-label={`${position}. Arrow keys move between pictures; plus, minus and Enter zoom.`}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerCancel}
              onWheel={onWheel}
              className={`size-full touch-none overflow-hidden outline-none select-none focus-visible:ring-2 focus-visible:ring-white/60 focus-visible:ring-inset ${
                view.scale > 1 ? "cursor-grab active:cursor-grabbing" : "cursor-zoom-in"
              }`}
            >
              <div
                style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
                className={`size-full [&>picture]:contents ${
                  pressing ? "" : "transition-transform duration-200 ease-out motion-reduce:transition-none"
                }`}
              >
                <ResponsiveImage
                  key={images[index]?.public_id}
                  image={images[index]}
                  alt={count > 1 ? `${label}, picture ${index + 1} of ${count}` : label}
                  sizes="100vw"
                  eager
                  draggable={false}
                  className="size-full object-contain"
                />
              </div>
            </div>
            {count > 1 && (
              <>
                <button type="button" className={`${side} left-3`} onClick={() => go(-1)} aria-label="Previous picture">
                  <ChevronLeft className="size-6" aria-hidden="true" />
                </button>
                <button type="button" className={`${side} right-3`} onClick={() => go(1)} aria-label="Next picture">
                  <ChevronRight className="size-6" aria-hidden="true" />
                </button>
              </>
            )}
          </div>
          <p className="px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-center text-xs text-white/70">
            <span className="lg:hidden">Pinch or double-tap to zoom{count > 1 && ", swipe for the next picture"}</span>
            <span className="hidden lg:inline">
              Double-click, scroll or press + to zoom{count > 1 && "; arrow keys for the next picture"}
            </span>
          </p>
          <p className="sr-only" aria-live="polite">
            {position}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
