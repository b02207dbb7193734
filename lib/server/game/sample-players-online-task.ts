import "server-only";
import { samplePlayersOnline } from "./sample-players-online";

export async function samplePlayersOnlineTask(): Promise<void> {
  await samplePlayersOnline();
}
