import "server-only";
import { samplePlayersOnline } from "../../game/sample-players-online";

export async function samplePlayersOnlineTask(): Promise<void> {
  await samplePlayersOnline();
}
