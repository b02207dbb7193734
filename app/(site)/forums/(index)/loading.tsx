import { ForumIndexSkeleton } from "@/components/forums/skeletons";

export default function Loading() {
  return <ForumIndexSkeleton />;
}
