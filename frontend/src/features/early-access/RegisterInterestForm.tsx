import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, Checkbox, Col, DatePicker, Divider, Form, Input, Row, Select } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError, describeError } from '../../api/client';
import { registerInterest } from '../../api/mutations';
import { earlyAccessQuery } from '../../api/queries';
import type { RegistrationReceipt } from '../../api/types';
import { appPath } from '../../shared/appPath';
import { useToast } from '../../shared/toast';
import { FormSection } from './FormSection';
import { countryChoices, experienceChoices, investmentAmountChoices, investmentInterestChoices } from './choices';
import {
  emptyRegistration,
  isRegistrationField,
  parseRegistration,
  registrationFields,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationFormValues,
} from './registration';

// Date of birth is entered the New Zealand way; the request carries it as YYYY-MM-DD.
const DATE_FORMAT = 'DD/MM/YYYY';
const isInFuture = (date: dayjs.Dayjs) => date.isAfter(dayjs(), 'day');

interface RegisterInterestFormProps {
  onRegistered(receipt: RegistrationReceipt): void;
}

/** The register-interest form: editing, then submitting ('Sending...'); failures keep the person on the form. */
export function RegisterInterestForm({ onRegistered }: RegisterInterestFormProps) {
  const [form] = Form.useForm<RegistrationFormValues>();
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();

  /** Shows each field's error (or clears it); `fields` limits which fields are touched. */
  const showErrors = (errors: RegistrationErrors, fields: readonly RegistrationField[] = registrationFields) => {
    form.setFields(fields.map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] })));
  };

  /** Shows the errors and scrolls the first invalid field into view: on a phone it may be far above. */
  const revealErrors = (errors: RegistrationErrors, fields: readonly RegistrationField[] = registrationFields) => {
    showErrors(errors, fields);
    const firstInvalid = registrationFields.find((name) => errors[name]);
    if (firstInvalid) form.scrollToField(firstInvalid, { block: 'center' });
  };

  const registration = useMutation({
    mutationFn: registerInterest,
    onSuccess: (receipt) => {
      void queryClient.invalidateQueries({ queryKey: earlyAccessQuery.queryKey });
      toast.success('Interest Registered Successfully', "Thank you! We'll contact you within 24-48 hours.");
      onRegistered(receipt);
    },
    onError: (error) => {
      const serverErrors = error instanceof ApiError ? error.fieldErrors : [];
      const fieldErrors: RegistrationErrors = {};
      for (const { field, message } of serverErrors) if (isRegistrationField(field)) fieldErrors[field] = message;
      revealErrors(fieldErrors, Object.keys(fieldErrors).filter(isRegistrationField));
      toast.error('Registration Failed', describeError(error));
    },
  });

  const submit = (values: RegistrationFormValues) => {
    setSubmitAttempted(true);
    const parsed = parseRegistration(values);
    if (!parsed.ok) {
      revealErrors(parsed.errors);
      return;
    }
    showErrors({});
    registration.mutate(parsed.request);
  };

  // Errors appear on submit; after that, each edited field's message (the server's too) follows its value.
  const recheckChanged = (changed: Partial<RegistrationFormValues>) => {
    if (!submitAttempted) return;
    const parsed = parseRegistration(form.getFieldsValue(true));
    showErrors(parsed.ok ? {} : parsed.errors, Object.keys(changed).filter(isRegistrationField));
  };

  const sending = registration.isPending;

  return (
    <Form
      form={form}
      name="registerInterest"
      layout="vertical"
      requiredMark="optional"
      initialValues={emptyRegistration}
      onFinish={submit}
      onValuesChange={recheckChanged}
      disabled={sending}
      validateTrigger={false}
    >
      <FormSection title="About you">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="firstName" label="First Name" required>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="lastName" label="Last Name" required>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label="Email Address" required>
              <Input autoComplete="email" inputMode="email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label="Phone Number" required>
              <Input type="tel" autoComplete="tel" placeholder="+64 21 123 4567" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="dateOfBirth" label="Date of Birth" required>
              <DatePicker
                format={DATE_FORMAT}
                placeholder={DATE_FORMAT}
                disabledDate={isInFuture}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="occupation" label="Occupation" required>
              <Input autoComplete="organization-title" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="country" label="Country" required>
              <Select options={countryChoices} placeholder="Select your country" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="city" label="City" required>
              <Input autoComplete="address-level2" />
            </Form.Item>
          </Col>
        </Row>
      </FormSection>

      <Divider />
      <FormSection title="Your investment interest">
        <Form.Item name="investmentInterest" label="Areas of Interest" required>
          <InterestChoices />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="investmentAmount" label="Investment Range" required>
              <Select options={investmentAmountChoices} placeholder="Select an investment range" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="experience" label="Investment Experience" required>
              <Select options={experienceChoices} placeholder="Select your experience level" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="additionalInfo" label="Additional Information">
          <Input.TextArea rows={4} maxLength={2000} placeholder="Anything you would like us to know" />
        </Form.Item>
      </FormSection>

      <Divider />
      <Form.Item name="agreeToTerms" valuePropName="checked">
        <Checkbox>
          I agree to the{' '}
          <Link to={appPath('/terms')} target="_blank">
            terms and conditions
          </Link>{' '}
          and the{' '}
          <Link to={appPath('/privacy')} target="_blank">
            privacy policy
          </Link>
        </Checkbox>
      </Form.Item>
      <Form.Item name="agreeToContact" valuePropName="checked">
        <Checkbox>I agree to be contacted about Kauri and its early access programme</Checkbox>
      </Form.Item>

      <Button type="primary" htmlType="submit" size="large" block disabled={sending}>
        {sending ? 'Sending...' : 'Register Interest'}
      </Button>
    </Form>
  );
}

/**
 * The areas of interest: a group of checkboxes named by the field's label. Form.Item marks its child
 * aria-required, which ARIA does not allow on a group (axe-core: critical); each box is its own control.
 */
function InterestChoices({
  'aria-required': _required,
  ...props
}: CheckboxGroupProps<string> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group {...props} role="group" aria-label="Areas of Interest" options={investmentInterestChoices} />;
}
