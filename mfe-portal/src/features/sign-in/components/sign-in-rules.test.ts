import { messagesOf } from '../../../messages/catalogue';
import { codeDigits, codeProblem, emailProblem } from './sign-in-rules';

const messages = messagesOf('en');

describe('the sign-in rules', () => {
  it('takes an address the server takes, and says what is wrong with the others', () => {
    expect(emailProblem(messages, ' ada@example.com ')).toBeNull();
    expect(emailProblem(messages, '   ')).toBe('Enter your email address.');
    expect(emailProblem(messages, 'ada@')).toBe('That is not a valid email address.');
    expect(emailProblem(messages, `${'a'.repeat(320)}@example.com`)).toBe('That is not a valid email address.');
  });

  it('takes 6 digits, spaces allowed, and nothing else', () => {
    expect(codeProblem(messages, '123 456')).toBeNull();
    expect(codeDigits(' 123 456 ')).toBe('123456');
    expect(codeProblem(messages, '')).toBe('Enter the 6-digit code from the mail.');
    expect(codeProblem(messages, '12345')).toBe('The code is the 6 digits from the mail.');
    expect(codeProblem(messages, '12345a')).toBe('The code is the 6 digits from the mail.');
  });
});
