import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { StationView } from "@wegmarke/protocol";
import { CheckIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/use-translation";

/**
 * "Geschafft!" with the way onward. `takeFocus`: the messenger had the focus when the station
 * ended and went, leaving it to the station; the way onward takes it, unless the player moved
 * it meanwhile.
 */
export function StationFinished({ view, takeFocus }: { view: StationView; takeFocus: boolean }) {
  const { t } = useTranslation();
  const onward = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const focused = document.activeElement;
    const nowhere = focused === null || focused === document.body;
    if (takeFocus && (nowhere || focused === onward.current?.closest("article"))) {
      onward.current?.focus();
    }
  }, [takeFocus]);

  return (
    <section className="station__finished" aria-labelledby="station-finished">
      <CheckIcon className="station__finished-icon" />
      <h3 id="station-finished">{t("station.finished")}</h3>
      <Link className="button button--primary" to={`/${view}`} ref={onward}>
        {t("station.next")}
      </Link>
      <Link className="link-button" to="/points">
        {t("station.toPoints")}
      </Link>
    </section>
  );
}
