import type { OpsActivity } from "@wegmarke/protocol";
import type { Texts } from "../../i18n/i18n";

/** One line of the activity feed: "Wanderer 4117 finished Der Marktplatz, 3 of 3 points". */
export function activityText(activity: OpsActivity, { t }: Pick<Texts, "t">): string {
  const { who, title } = activity;
  switch (activity.kind) {
    case "activated":
      return t("activity.activated", { who, title });
    case "done":
      return activity.points !== undefined && activity.maxPoints !== undefined
        ? t("activity.donePoints", {
            who,
            title,
            points: activity.points,
            maxPoints: activity.maxPoints,
          })
        : t("activity.done", { who, title });
    case "cancelled":
      return t("activity.cancelled", { who, title });
    case "story":
      return t("activity.story", { who, title });
  }
}
