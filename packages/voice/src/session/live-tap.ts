/** Which side of the call a frame is from. */
export type CallSide = "agent" | "callee";

/** What a person listening in may do to the call (the session gives these to the tap when it starts). */
export type LiveControls = {
  /** The person takes the call: the agent stops talking and stops listening until `handBack`. */
  takeOver(): void;
  /** One frame of the person's voice at the leg's rate, sent to the callee while the call is taken over. */
  staffFrame(frame: Int16Array): void;
  /** The agent has the call again and listens from here on. */
  handBack(): void;
};

/**
 * The server's view into one live call: every frame of both sides as the call carries them, and the controls
 * to take the call over. Optional: a call nobody may listen to (a load test) runs without one.
 */
export type LiveTap = {
  frame(side: CallSide, frame: Int16Array): void;
  attach(controls: LiveControls): void;
};
