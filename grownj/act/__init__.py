"""The rest of the Act and the model above the credit: the schedule, net benefit, ERG, exemption,
credit use, deadlines, risk, reforms, presets and the published awards."""
