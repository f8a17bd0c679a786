#!/usr/bin/env node
// CDK entry point (`cdk.json` runs it with tsx). Context: stage, account + region, settingsAdminEmails,
// webDomainName + webCertificateArn, alarmEmail; see README "Deploying to AWS".
import { createCareLoopApp } from '../infra/app';

createCareLoopApp();
