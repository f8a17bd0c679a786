#!/usr/bin/env node
// CDK entry point (`cdk.json` runs it with tsx). Context: stage, account + region, settingsAdminEmails,
// webDomainName + webCertificateArn, alarmEmail, and the Vapi configuration vapiBaseUrl, vapiAssistantId,
// vapiPhoneNumberId, vapiModelProvider, vapiModel, vapiWebhookAuth (defaults in cdk.json; a prod synth
// refuses the placeholder assistant and phone-number ids); see README "Deploying to AWS".
import { createCareLoopApp } from '../infra/app';

createCareLoopApp();
