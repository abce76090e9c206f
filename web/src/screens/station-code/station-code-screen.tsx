import { useEffect, useRef } from "react";
import { useNavigate, useParams } from "react-router";
import { useFlash } from "../../components/flash";
import { useTranslation } from "../../i18n/use-translation";
import { stationPath } from "../../lib/paths";
import { useGame } from "../../session/game-store";

/**
 * A station's QR link, `/webapp/s/{code}` (signed in first, like every game view): opens the
 * station of the code and shows it; a refusal shows as a flash message over the station list.
 */
export function StationCodeScreen() {
  const { t } = useTranslation();
  const code = useParams().code ?? "";
  const navigate = useNavigate();
  const { state, actions } = useGame();
  const { follow } = useFlash();
  const statusRef = useRef(state.status);
  useEffect(() => {
    statusRef.current = state.status;
  });
  // Once per code: React's development double effects must not send the call twice.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === code) return;
    sent.current = code;
    void actions.openCode(code).then((stationId) => {
      if (stationId === null) {
        follow();
        void navigate("/station", { replace: true });
        return;
      }
      const view = statusRef.current?.Stations[String(stationId)]?.DisplayHint.View ?? "station";
      void navigate(stationPath(view, stationId), { replace: true, state: { byCode: true } });
    });
  }, [actions, code, follow, navigate]);

  return <p className="loading">{t("station.opening")}</p>;
}
