export type LifecycleAction = "launch" | "pause" | "resume" | "stop";

/** Which lifecycle buttons a status offers; the server still decides (409 with a message otherwise). */
export function lifecycleActions(status: string | null | undefined): LifecycleAction[] {
  switch ((status ?? "").toLowerCase().replace(/[_-]+/g, " ")) {
    case "draft":
      return ["launch"];
    case "scheduled":
      // Already launched: the server refuses a second launch, but a scheduled campaign may be paused.
      return ["pause", "stop"];
    case "active":
    case "running":
    case "in progress":
      return ["pause", "stop"];
    case "paused":
      return ["resume", "stop"];
    default:
      return [];
  }
}

/** The one pause-or-resume action a list row offers for a status, or null (draft, stopped, completed…). */
export function pauseOrResume(status: string | null | undefined): "pause" | "resume" | null {
  const actions = lifecycleActions(status);
  return actions.includes("pause") ? "pause" : actions.includes("resume") ? "resume" : null;
}
