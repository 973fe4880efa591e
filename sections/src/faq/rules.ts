/** FAQ rules and texts of spec §2, §5, §8, §9. */
export const FAQ_DELETE_CONFIRM = 'Êtes-vous sûr de vouloir supprimer cette FAQ ?';
export const FAQ_MESSAGES = {
  created: 'FAQ ajoutée avec succès !',
  updated: 'FAQ modifiée avec succès !',
  deleted: 'FAQ supprimée avec succès !',
  loadError: 'Erreur lors du chargement des FAQ',
  createError: 'Erreur lors de la création de la FAQ',
  updateError: 'Erreur lors de la modification de la FAQ',
  deleteError: 'Erreur lors de la suppression de la FAQ',
  reorderError: 'Erreur lors du réordonnancement',
} as const;
export const FAQ_QUESTION_REQUIRED = 'La question est obligatoire';
export const FAQ_ANSWER_REQUIRED = 'La réponse est obligatoire';

export interface FaqDraft {
  question: string;
  answer: string;
}

/** Question and answer must both be non-blank. */
export const isFaqValid = (draft: FaqDraft) => draft.question.trim() !== '' && draft.answer.trim() !== '';
