-- Issue 14: two functions no client calls, yet executable by every owner, are dropped. The FAQ list
-- is written row by row and reordered by reorder_faqs; photos are saved by save_restaurant_photos
-- (order, captions) and deleted by delete_restaurant_photo.

drop function public.save_restaurant_faqs(uuid, jsonb);
drop function public.reorder_photos(uuid, uuid[]);
