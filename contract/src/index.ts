export * from './requests';
export * from './reservations';
export * from './service';
export * from './chat';
export * from './whatsapp';
export * from './customer';
export * from './payments';
export * from './privacy';
