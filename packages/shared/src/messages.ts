import { LIMITS } from './constants.ts';

/**
 * A sentence that ends with something a person typed (a company or product name) gets its full stop,
 * unless the name brings one already: 'to join Northwind Supply Co.', never 'Co..'.
 */
export const endSentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Every user-visible text of docs/product.md §5, §8 and §9, exactly as the user wrote them (typos included:
 * 'caracters', 'succesfull'). Both the SPA and the server import them from here.
 */
export const messages = {
  // §5 validation
  emailRequired: 'Email is required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Must be 6 caracters or longer',
  nameRequired: 'Name is required',
  quantityBelowMinimum: (minOrder: number) => `You can't order less than ${minOrder} pcs !`,
  quantityAboveAvailable: 'You cannot buy more than availability!',
  ratingRequired: 'Please give a rating to proceed review!',
  priceRequired: 'Price is required',
  minOrderRequired: 'Minimum Quantity is required',
  availableRequired: 'Available Quantity is required',
  descriptionRequired: 'Description is required',
  imageRequired: 'Image is required',
  addressRequired: 'Address is required',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Provide a valid phone number',
  quantityRequired: 'Quantity is required',

  // Beyond the spec: one text per rule, used by every form and the server
  quantityWhole: 'Quantity must be a whole number of pieces.',
  quantityAtLeast: 'Quantity must be at least 1',
  quantityAtMost: `Quantity must be at most ${LIMITS.quantityMax}`,
  professionRequired: 'Profession is required',
  designationRequired: 'Designation is required',
  reviewRequired: 'Review is required',

  // §8 toasts and errors
  addProductFailed: 'Failed to add the Product',
  makeAdminFailed: 'Failed to make an admin',
  profileAlreadyUpdated: 'Profile already updated',

  // §9 confirmation dialogs and success messages
  confirmTitle: 'Are you sure?',
  confirmText: "You won't be able to revert this!",
  orderSucceeded: (name: string) => `Congratulations ${name}!Your order is succesfull.`,
  reviewThanks: (name: string) => `Congratulation ${name}!!Thanks for your review.`,
  productAdded: 'Product Added successfully',
  profileUpdated: 'Successfully Updated Your Profile',
  madeAdmin: 'Successfully made an admin',
  paymentCompleted: 'Congrats! Your payment is completed',
  emailSent: 'Email sent',

  // Texts of the screens (§2)
  notAvailable: 'Not Available',
  normalUser: 'Normal User',
} as const;
