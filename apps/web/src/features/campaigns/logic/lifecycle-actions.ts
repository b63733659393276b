export type LifecycleAction = "launch" | "pause" | "resume" | "stop";

/** Which lifecycle buttons a status offers; the server still decides (409 with a message otherwise). */
export function lifecycleActions(status: string | null | undefined): LifecycleAction[] {
  switch ((status ?? "").toLowerCase().replace(/[_-]+/g, " ")) {
    case "draft":
      return ["launch"];
    case "scheduled":
      return ["launch", "stop"];
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
