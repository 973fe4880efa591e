import { Card } from 'antd';

/** The customer's own words sent with the request (restaurant_reservations.customer_message), as written: line breaks kept. */
export function CustomerMessage({ message }: { message: string }) {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Message du client</h2>}>
      <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message}</p>
    </Card>
  );
}
