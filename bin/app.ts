#!/usr/bin/env node
// CDK entry point (`cdk.json` runs it with tsx). Context: stage, account + region, settingsAdminEmails,
// webDomainName + webCertificateArn, alarmEmail, the Vapi configuration vapiBaseUrl, vapiAssistantId,
// vapiPhoneNumberId, vapiModelProvider, vapiModel, vapiWebhookAuth, vapiWebhookCredentialId, and the
// notification senders notificationEmailFrom and twilioSender (defaults in cdk.json; a prod synth
// refuses the placeholders); see README "Deploying to AWS".
import { createCareLoopApp, writeOpenApiDocument } from '../infra/app';

const { app } = createCareLoopApp();
app.synth();
// cdk.out/openapi.json: the API contract, beside the templates it describes.
writeOpenApiDocument(app.outdir);
