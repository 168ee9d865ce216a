import { useId } from 'react';
import { Input } from './fields';

interface TextProps {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}

interface Props {
  upiId: TextProps;
  payeeName: TextProps;
  shopName: string;
  error: string | undefined;
}

/** Issue 20: the shop's own UPI ID, which the customer's status page turns into a pay link and QR code. */
export function UpiFields({ upiId, payeeName, shopName, error }: Props) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="grid min-w-0 gap-4 rounded-xl bg-slate-50 p-3 sm:col-span-2 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <p id={id} className="text-sm font-medium text-slate-700">
          UPI payments
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          Customers pay from their own UPI app, straight to your account: no payment gateway and no commission. A merchant (business) UPI ID
          is accepted more reliably by customers' UPI apps than a personal one.
        </p>
      </div>
      <Input
        label="UPI ID"
        {...upiId}
        error={error}
        hint="Leave blank if you do not take UPI this way."
        placeholder="shopname@okhdfcbank"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        maxLength={320}
      />
      <Input
        label="Payee name"
        {...payeeName}
        hint="The name customers' UPI apps show. Leave blank to use your shop name."
        placeholder={shopName}
        maxLength={100}
      />
    </fieldset>
  );
}
