import { useEffect, useState } from "react";

/** The spec's header threshold: the header turns solid once scrolled more than this. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;

/** True while the window is scrolled more than `thresholdPx` pixels down. */
export function useScrolledPast(thresholdPx: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > thresholdPx);
    update(); // a reload can restore a scrolled position before any scroll event fires
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [thresholdPx]);
  return past;
}
