import { privacyNotice } from '@tablee/domain/privacy-notice';
import type { RequestForm } from '../lib/form-rules';

/** The privacy notice under the form, where the customer gives their data: the restaurant is the controller. */
export function PrivacyNotice({ form }: { form: RequestForm }) {
  const notice = privacyNotice({
    restaurantName: form.restaurant.name,
    contactEmail: form.privacy?.email,
    contactPhone: form.privacy?.phone,
    retentionMonths: form.privacy?.retention_months,
  });
  return (
    <section className="rq-privacy" aria-label={notice.title}>
      <h2>{notice.title}</h2>
      <ul>
        {notice.items.map((item) => (
          <li key={item.label}>
            <strong>{item.label} :</strong> {item.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
