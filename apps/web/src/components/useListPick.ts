import { useEffect, useState } from "react";

/**
 * Which item of a ListDetailLayout is picked, and whether its detail shows (below 600 px the two panes take
 * turns). The first item is picked as soon as the list arrives, and again if the picked one disappears;
 * `ids` is undefined while the list is still loading.
 */
export function useListPick(ids: readonly string[] | undefined) {
  const [selected, setSelected] = useState<string | null>(null);
  const [showDetail, setShowDetail] = useState(false);
  useEffect(() => {
    if (ids && (selected === null || !ids.includes(selected))) setSelected(ids[0] ?? null);
  }, [ids, selected]);
  return {
    selected,
    showDetail,
    pick(id: string) {
      setSelected(id);
      setShowDetail(true);
    },
    back: () => setShowDetail(false),
  };
}
