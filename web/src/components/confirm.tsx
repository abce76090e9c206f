import { createContext, useCallback, useContext, useId, useState } from "react";
import type { ReactNode } from "react";
import { Modal } from "./modal";

type ConfirmOptions = {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Styles the confirm button as destructive (ending a station, logging out). */
  destructive?: boolean;
};

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

type Request = { options: ConfirmOptions; resolve(answer: boolean): void };

function ConfirmDialog({ request, onAnswer }: { request: Request; onAnswer(ok: boolean): void }) {
  const id = useId();
  const { options } = request;
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-text`} onCancel={() => onAnswer(false)}>
      <h2 id={`${id}-title`} className="modal__title">
        {options.title}
      </h2>
      <p id={`${id}-text`} className="modal__text">
        {options.text}
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => onAnswer(false)}>
          {options.cancelLabel}
        </button>
        <button
          type="button"
          className={options.destructive ? "button button--danger" : "button button--primary"}
          onClick={() => onAnswer(true)}
        >
          {options.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** Offers `useConfirm()`: a confirm dialog that resolves to the player's choice. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<Request | null>(null);
  const confirm = useCallback<Confirm>(
    (options) => new Promise((resolve) => setRequest({ options, resolve })),
    [],
  );
  function answer(ok: boolean) {
    request?.resolve(ok);
    setRequest(null);
  }
  return (
    <ConfirmContext value={confirm}>
      {children}
      {request !== null && <ConfirmDialog request={request} onAnswer={answer} />}
    </ConfirmContext>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (confirm === null) throw new Error("useConfirm needs a ConfirmProvider");
  return confirm;
}
