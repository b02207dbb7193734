import { SearchResultsSkeleton } from "@/components/forums/skeletons";

export default function Loading() {
  return <SearchResultsSkeleton />;
}
