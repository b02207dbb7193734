import "server-only";
import type { TUserDto } from "@/lib/schemas/accounts";
import { db } from "../db";
import { AppError } from "../errors";
import { toUserDto } from "./user-dto";

export async function getProfile(userId: number): Promise<TUserDto> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new AppError("NOT_FOUND");
  return toUserDto(user);
}
