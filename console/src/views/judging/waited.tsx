import { useEffect, useState } from "react";
import { useI18n } from "../../i18n/i18n";

/** How long ago `since` was, in whole minutes, counting on while shown. */
export function Waited({ since }: { since: string }) {
  const { t, tn } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  return <>{minutes === 0 ? t("judging.justNow") : tn("judging.waited", minutes)}</>;
}
