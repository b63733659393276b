/** Benchmarks 0 and 3 with the offline providers (filled in once the offline STT and brain land). */
export async function voiceToVoiceOffline(): Promise<void> {}
