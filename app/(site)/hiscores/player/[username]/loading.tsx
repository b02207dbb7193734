import { HiscoresTableLoading } from "@/components/hiscores/hiscores-table";

export default function Loading() {
  return <HiscoresTableLoading />;
}
